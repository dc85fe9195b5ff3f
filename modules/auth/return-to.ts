import { safeLocalPath } from "~/lib/safe-local-path";

export const AUTH_VIEWS = [
  "sign_in",
  "sign_up",
  "forgotten_password",
  "magic_link",
  "update_password",
  "verify_otp",
  /** The code prompt after a sign-in by link, code or provider for an account with two-factor on. */
  "two_factor",
] as const;
export type AuthView = (typeof AUTH_VIEWS)[number];

export function parseAuthView(value: string | null): AuthView {
  return AUTH_VIEWS.find((view) => view === value) ?? "sign_in";
}

/**
 * A same-site path to go to after sign-in, or "/": anything that could leave the site (another
 * origin, `//host`, backslash tricks, control characters) is refused, as is the auth screen itself.
 */
export function safeReturnTo(value: string | null | undefined): string {
  const path = safeLocalPath(value);
  if (path === null) return "/";
  const pathname = new URL(path, "http://return-to.invalid").pathname;
  return pathname === "/auth" || pathname.startsWith("/auth/") ? "/" : path;
}

export function authPath(view: AuthView, returnTo?: string | null): string {
  const params = new URLSearchParams({ view });
  const target = safeReturnTo(returnTo);
  if (target !== "/") params.set("returnTo", target);
  return `/auth?${params.toString()}`;
}
