import { data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getViewer, requireViewer } from "~/app/http/viewer.server";
import { redirectWithNotice, type Notice } from "~/lib/flash.server";
import { statusFor } from "~/lib/http/refusal-status";
import { logger } from "~/lib/logger.server";
import { database, services } from "~/lib/request-context";
import { adminAccess, type AdminAccess } from "~/modules/admin/access";
import type { Viewer } from "~/modules/auth/viewer";
import { findViewer } from "~/modules/auth/viewer.server";
import { freeTrialDays } from "~/modules/billing/free-trial.server";
import { ACCESS_DENIED_MESSAGE, ACCESS_DENIED_TITLE } from "~/app/content/listing-access";
import { canWriteListings } from "~/modules/listings/permissions";
import { LISTING_PHOTO_UPLOAD_PATH } from "~/modules/media/listing-photo-upload";
import { statsAccess } from "~/modules/analytics/permissions";
import { ANALYTICS_ACCESS_DENIED, ANALYTICS_SUBSCRIPTION_NOTICE } from "~/app/content/analytics";
import { RENTER_SEARCH_ACCESS_DENIED, RENTER_SEARCH_SUBSCRIPTION_NOTICE } from "~/app/content/renter-search";
import { renterSearchAccess } from "~/modules/renter-search/permissions";

export const ADMIN_NOTICES = {
  denied: { title: "Access Denied", description: "You don't have permission to access this area", tone: "error" },
  checkFailed: { title: "Error", description: "Failed to verify your permissions", tone: "error" },
  twoFactorRequired: {
    title: "Two-factor authentication required",
    description: "Turn on two-factor authentication to use the admin area.",
    tone: "error",
  },
} as const satisfies Record<string, Notice>;

/**
 * The admin area's gate, run as the /admin layout's middleware for every child loader and action
 * (`.data` requests included): no session → /auth with returnTo; the role is read again from the
 * profile, and anyone but staff and admins goes home with 'Access Denied'; if that read fails, home
 * with 'Failed to verify your permissions'. In production staff and admins also need two-factor on
 * (see `adminAccess`).
 */
export const adminGate: MiddlewareFunction<Response> = async ({ request, context }) => {
  const viewer = requireViewer(request, context);
  let access: AdminAccess;
  try {
    access = adminAccess(await findViewer(database(context), viewer.id), {
      production: services(context).site.production,
    });
  } catch (error) {
    logger.error({ err: error, userId: viewer.id }, "admin role check failed");
    throw redirectWithNotice("/", ADMIN_NOTICES.checkFailed);
  }
  if (access === "denied") throw redirectWithNotice("/", ADMIN_NOTICES.denied);
  if (access === "two-factor-required") throw redirectWithNotice("/settings/account", ADMIN_NOTICES.twoFactorRequired);
};

/** The listing form's 403: its words, and the plan's price and the viewer's trial for the page's offer. */
export interface ListingWriterRefusal {
  title: string;
  message: string;
  priceId: string;
  freeTrialDays: number;
}

/**
 * Listing writers only (the form, photo uploads, AI rewrite): admins and landlords with an active
 * subscription. Signed out → /auth with returnTo; anyone else → 403 with the listing form's message.
 */
export async function requireListingWriter(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Viewer> {
  const viewer = requireViewer(request, context);
  if (!canWriteListings(viewer)) {
    const refusal: ListingWriterRefusal = {
      title: ACCESS_DENIED_TITLE,
      message: ACCESS_DENIED_MESSAGE,
      priceId: services(context).payments.priceId,
      freeTrialDays: await freeTrialDays(database(context), viewer),
    };
    throw data(refusal, { status: statusFor("FORBIDDEN") });
  }
  return viewer;
}

/**
 * One gate for the listing form and everything under it (photo uploads, AI rewrite, address
 * search): listing writers only. The photo uploader is script and needs a status with `{ error }`,
 * not the sign-in page, so it is refused with 401 or 403 JSON.
 */
export const listingWriterGate: MiddlewareFunction<Response> = async ({ request, context }) => {
  const { pathname } = new URL(request.url);
  // The form page itself refuses in its loader and action, with its own 403 page: React Router
  // shows an error thrown by middleware at the root, without the signed-in header.
  if (pathname.replace(/\.data$/, "") === LISTING_FORM_PATH) return;
  if (pathname !== LISTING_PHOTO_UPLOAD_PATH) {
    await requireListingWriter(request, context);
    return;
  }
  const viewer = getViewer(context);
  if (!viewer)
    throw Response.json({ error: "Please sign in to upload photos." }, { status: statusFor("UNAUTHORIZED") });
  if (!canWriteListings(viewer))
    throw Response.json({ error: ACCESS_DENIED_MESSAGE }, { status: statusFor("FORBIDDEN") });
};

const LISTING_FORM_PATH = "/list-property";

/** The viewer in a child of a gated parent route: the gate has already refused everyone else. */
export function gatedViewer(context: Readonly<RouterContextProvider>): Viewer {
  const viewer = getViewer(context);
  if (!viewer) throw new Error("gatedViewer() used outside a gated parent route");
  return viewer;
}

/**
 * The analytics dashboard and its export: landlords with an active plan, staff and admins. A
 * landlord whose plan has lapsed is sent to billing with why; anyone else to their profile.
 */
export const analyticsGate: MiddlewareFunction<Response> = ({ request, context }) => {
  const access = statsAccess(requireViewer(request, context));
  if (access === "subscription-required")
    throw redirectWithNotice("/settings/billing", { ...ANALYTICS_SUBSCRIPTION_NOTICE, tone: "error" });
  if (access === "not-allowed")
    throw redirectWithNotice("/settings/profile", { ...ANALYTICS_ACCESS_DENIED, tone: "error" });
};

/**
 * The renter search and its invitations: landlords with an active plan. A landlord whose plan has
 * lapsed is sent to billing with why; anyone else to their profile (pages and `.data` alike).
 */
export const renterSearchGate: MiddlewareFunction<Response> = ({ request, context }) => {
  const access = renterSearchAccess(requireViewer(request, context));
  if (access === "subscription-required")
    throw redirectWithNotice("/settings/billing", { ...RENTER_SEARCH_SUBSCRIPTION_NOTICE, tone: "error" });
  if (access === "not-allowed")
    throw redirectWithNotice("/settings/profile", { ...RENTER_SEARCH_ACCESS_DENIED, tone: "error" });
};
