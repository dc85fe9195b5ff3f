import { lazy, Suspense, type ReactNode } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { SiteFooter, type FooterContact } from "~/app/components/layout/site-footer";
import { SiteHeader } from "~/app/components/layout/site-header";
import { readConsent } from "~/app/components/consent/consent";
import { useNonce } from "~/app/nonce";
import { logger } from "~/lib/logger.server";
import { database, services } from "~/lib/request-context";
import { DEFAULT_SITE_CONTACT } from "~/modules/settings/site-contact";
import { recentSiteContact } from "~/modules/settings/site-contact.server";
import { rememberLandingPath } from "~/app/http/remember-landing-path.server";
import { clearFlashCookie, readFlash } from "~/lib/flash.server";
import { getViewer, loadViewer } from "~/app/http/viewer.server";
import { accountSummary } from "~/modules/auth/account-summary";
import { unreadCount } from "~/modules/enquiries/inbox.server";
import { subscriptionNoticeFor } from "~/modules/billing/subscription-notice.server";
import { pastDueBannerNotice } from "~/modules/billing/subscription-notice";
import { awaitsFirstListing } from "~/modules/listings/properties.server";
import { FlashToast } from "~/app/components/layout/flash-toast";
import { lazyOnIntent, lazyWhenIdle } from "~/app/components/ui/deferred";
import { firstToast } from "~/app/components/ui/toast";
import { useHydrated } from "~/app/components/ui/use-hydrated";
import { DeferredStatusPage } from "~/app/components/layout/deferred-status-page";
import stylesheet from "~/app/app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const middleware: Route.MiddlewareFunction[] = [loadViewer, rememberLandingPath];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site } = services(context);
  const cookieHeader = request.headers.get("Cookie");
  const notice = readFlash(cookieHeader);
  const viewer = getViewer(context);
  const [unreadEnquiries, contact, subscriptionNotice, firstListing] = await Promise.all([
    viewer ? unreadCount(database(context), viewer) : 0,
    footerContact(context),
    viewer ? subscriptionNoticeFor(database(context), viewer) : null,
    viewer ? awaitsFirstListing(database(context), viewer) : false,
  ]);
  return data(
    {
      siteName: site.name,
      publicUrl: site.url,
      consent: readConsent(cookieHeader),
      account: viewer && accountSummary(viewer),
      unreadEnquiries,
      subscriptionNotice,
      /** An active landlord with no listings yet: home, the account menu and Your Properties say to list one. */
      awaitsFirstListing: firstListing,
      notice,
      footerContact: contact,
    },
    notice ? { headers: { "Set-Cookie": clearFlashCookie() } } : undefined,
  );
}

/** The footer's contact line, as the back-office keeps it; the defaults if the database cannot say. */
async function footerContact(context: Route.LoaderArgs["context"]): Promise<FooterContact> {
  try {
    const { phone, generalEmail } = await recentSiteContact(database(context));
    return { phone, email: generalEmail };
  } catch (error) {
    logger.warn({ err: error }, "site contact details unavailable; the footer shows the defaults");
    return { phone: DEFAULT_SITE_CONTACT.phone, email: DEFAULT_SITE_CONTACT.generalEmail };
  }
}

const FALLBACK_SITE_NAME = "Laneway Rooms";

// The cookie banner is a form that posts to /cookie-consent, so its code waits for the first intent
// on the page (the server renders it).
const CookieBanner = lazyOnIntent(() =>
  import("~/app/components/consent/cookie-banner").then((module) => module.CookieBanner),
);
// A signed-in extra a first visit does not need to paint the page: its code loads when the page is
// idle or at the first interaction (the server renders the account menu's button).
const AccountControls = lazyWhenIdle(() =>
  import("~/app/components/layout/account-controls").then((module) => module.AccountControls),
);
// The toaster and its library load with the page's first toast (~/app/components/ui/toast).
const Toaster = lazy(() =>
  firstToast.then(() => import("~/app/components/layout/toaster")).then((module) => ({ default: module.Toaster })),
);
// Pieces few pages show: a landlord's past-due banner, the error page and the skeleton while a
// listing opens.
const PastDueBanner = lazyWhenIdle(() =>
  import("~/app/components/billing/subscription-notice").then((module) => module.PastDueBanner),
);
const ListingPageSkeleton = lazyWhenIdle(() =>
  import("~/app/components/listings/listing-page-skeleton").then((module) => module.ListingPageSkeleton),
);
// Remembers client-side navigations, which come after an intent: its code waits for one.
const LandingPathTracker = lazyOnIntent(() =>
  import("~/app/components/landing/landing-path-tracker").then((module) => module.LandingPathTracker),
);

function useSiteName(): string {
  return useRouteLoaderData<typeof loader>("root")?.siteName ?? FALLBACK_SITE_NAME;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e293b" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const siteName = useSiteName();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const consentStored = Boolean(rootData?.consent);
  const account = rootData?.account;
  // Read here rather than through use-subscription-notice, which takes its type from this loader.
  const pastDue = pastDueBannerNotice(rootData?.subscriptionNotice ?? null, useLocation().pathname);
  const hydrated = useHydrated();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[100] rounded-md bg-white px-4 py-2 font-medium text-slate-900 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader
        siteName={siteName}
        account={
          account ? (
            <Suspense>
              <AccountControls
                account={account}
                unreadEnquiries={rootData.unreadEnquiries}
                awaitsFirstListing={rootData.awaitsFirstListing}
              />
            </Suspense>
          ) : undefined
        }
        notice={
          pastDue ? (
            <Suspense>
              <PastDueBanner />
            </Suspense>
          ) : undefined
        }
      />
      {/* data-page-hydrated: the page's own code has taken over (parts loaded on intent may wait). */}
      <main id="main" data-page-hydrated={hydrated || undefined} className="flex-1">
        {pastDue && (
          <Suspense>
            <PastDueBanner spacer />
          </Suspense>
        )}
        {children}
      </main>
      <SiteFooter siteName={siteName} contact={rootData?.footerContact} />
      {!consentStored && <CookieBanner />}
      {hydrated && (
        <Suspense>
          <Toaster />
        </Suspense>
      )}
      <FlashToast notice={rootData?.notice ?? null} />
    </>
  );
}

/** True while the router is loading a listing page other than the one on screen. */
function useOpeningListing(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  const pending = navigation.state === "loading" ? navigation.location.pathname : undefined;
  return Boolean(pending?.startsWith("/listing/") && pending !== location.pathname);
}

export default function App() {
  const openingListing = useOpeningListing();
  return (
    <Shell>
      <LandingPathTracker />
      {openingListing ? (
        <Suspense>
          <ListingPageSkeleton />
        </Suspense>
      ) : (
        <Outlet />
      )}
    </Shell>
  );
}

export function meta({ error }: Route.MetaArgs) {
  return [{ title: error ? `Unexpected Application Error! | ${FALLBACK_SITE_NAME}` : FALLBACK_SITE_NAME }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : import.meta.env.DEV && error instanceof Error
      ? error.message
      : "500 Internal Server Error";
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <Shell>
      <title>{`Unexpected Application Error! | ${FALLBACK_SITE_NAME}`}</title>
      <Suspense>
        <DeferredStatusPage code={status} title="Unexpected Application Error!" message={detail}>
          {stack && (
            <pre className="mt-6 max-w-full overflow-x-auto rounded-lg bg-slate-100 p-4 text-left text-xs text-slate-800">
              {stack}
            </pre>
          )}
        </DeferredStatusPage>
      </Suspense>
    </Shell>
  );
}
