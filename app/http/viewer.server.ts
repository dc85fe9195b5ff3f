import { getSessionCookie } from "better-auth/cookies";
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { Database } from "~/lib/db/client.server";
import { database, replicaDatabaseContext, requestInfo } from "~/lib/request-context";
import { authLibrary } from "~/app/http/auth-context";
import { CLIENT_ADDRESS_HEADER } from "~/modules/auth/auth-config.server";
import { authPath } from "~/modules/auth/return-to";
import type { Viewer } from "~/modules/auth/viewer";
import { findViewer } from "~/modules/auth/viewer.server";

const viewerContext = createContext<Viewer | null>(null);

/**
 * The request's headers as the auth library should see them: the client address comes from the
 * server (socket or trusted proxy), never from a header the client chose.
 */
export function authHeaders(request: Request, context: Readonly<RouterContextProvider>): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, requestInfo(context).clientAddress);
  return headers;
}

/**
 * Root middleware: resolves the session cookie to a viewer once per request, and passes on the
 * auth library's refreshed session cookie when it extends the session. A request without a session
 * cookie (most public page views) has no session, so the auth library is not asked.
 */
export const loadViewer: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (getSessionCookie(request.headers) === null) {
    context.set(viewerContext, null);
    return next();
  }
  const { headers, response: session } = await authLibrary(context).api.getSession({
    headers: authHeaders(request, context),
    returnHeaders: true,
  });
  context.set(viewerContext, session ? await findViewer(database(context), session.user.id) : null);
  const response = await next();
  for (const cookie of headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
  return response;
};

export function getViewer(context: Readonly<RouterContextProvider>): Viewer | null {
  return context.get(viewerContext);
}

/**
 * The database a public page reads from. Signed-out visitors get the read replica (when one is
 * configured): they see what everyone sees, a moment behind at most. Signed-in viewers read the
 * primary, so what they have just written (a listing, a post, a favourite) is on the next page.
 */
export function publicReads(context: Readonly<RouterContextProvider>): Database {
  return getViewer(context) ? database(context) : context.get(replicaDatabaseContext);
}

/** The viewer, or a redirect to /auth that comes back to this page after sign-in. */
export function requireViewer(request: Request, context: Readonly<RouterContextProvider>): Viewer {
  const viewer = getViewer(context);
  if (!viewer) {
    const url = new URL(request.url);
    throw redirect(authPath("sign_in", `${url.pathname.replace(/\.data$/, "")}${searchWithoutRoutes(url)}`));
  }
  return viewer;
}

function searchWithoutRoutes(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const search = params.toString();
  return search ? `?${search}` : "";
}
