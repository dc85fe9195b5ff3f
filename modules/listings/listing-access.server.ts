import { data, type RouterContextProvider } from "react-router";
import { requireViewer } from "~/modules/auth/session.server";
import type { Viewer } from "~/modules/auth/viewer";
import { ACCESS_DENIED_MESSAGE, ACCESS_DENIED_TITLE, canWriteListings } from "~/modules/listings/permissions";

/**
 * The gate for listing writes (the form, photo uploads, AI rewrite): admins and landlords with an
 * active subscription. Signed out → /auth with returnTo; anyone else → 403 with the spec's message.
 */
export function requireListingWriter(request: Request, context: Readonly<RouterContextProvider>): Viewer {
  const viewer = requireViewer(request, context);
  if (!canWriteListings(viewer)) {
    throw data({ title: ACCESS_DENIED_TITLE, message: ACCESS_DENIED_MESSAGE }, { status: 403 });
  }
  return viewer;
}
