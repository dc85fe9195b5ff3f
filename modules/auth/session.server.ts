import { eq } from "drizzle-orm";
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { profiles, users } from "~/db/schema";
import { db } from "~/lib/db/index.server";
import { redirectWithNotice } from "~/lib/flash.server";
import { requestInfo } from "~/lib/request-context";
import { auth } from "~/modules/auth/auth.server";
import { CLIENT_ADDRESS_HEADER } from "~/modules/auth/auth-config.server";
import { authPath } from "~/modules/auth/return-to";
import { isStaffOrAdmin, type Viewer } from "~/modules/auth/viewer";

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

/** The signed-in user's viewer record: their profile (created with defaults if missing). */
export async function findViewer(userId: string): Promise<Viewer | null> {
  const [row] = await db()
    .select({
      id: users.id,
      email: users.email,
      twoFactorEnabled: users.twoFactorEnabled,
      role: profiles.role,
      subscriptionStatus: profiles.subscriptionStatus,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      avatarUrl: profiles.avatarUrl,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  if (row.role === null || row.subscriptionStatus === null) {
    await db().insert(profiles).values({ id: userId }).onConflictDoNothing();
    return findViewer(userId);
  }
  return { ...row, role: row.role, subscriptionStatus: row.subscriptionStatus };
}

/**
 * Root middleware: resolves the session cookie to a viewer once per request, and passes on the
 * auth library's refreshed session cookie when it extends the session.
 */
export const loadViewer: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { headers, response: session } = await auth().api.getSession({
    headers: authHeaders(request, context),
    returnHeaders: true,
  });
  context.set(viewerContext, session ? await findViewer(session.user.id) : null);
  const response = await next();
  for (const cookie of headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
  return response;
};

export function getViewer(context: Readonly<RouterContextProvider>): Viewer | null {
  return context.get(viewerContext);
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

/** Staff and admins only; others are sent home with the spec's notice. */
export function requireStaffOrAdmin(request: Request, context: Readonly<RouterContextProvider>): Viewer {
  const viewer = requireViewer(request, context);
  if (!isStaffOrAdmin(viewer)) {
    throw redirectWithNotice("/", {
      title: "Access Denied",
      description: "You don't have permission to access this area",
      tone: "error",
    });
  }
  return viewer;
}

function searchWithoutRoutes(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const search = params.toString();
  return search ? `?${search}` : "";
}
