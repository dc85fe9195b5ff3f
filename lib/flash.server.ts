/**
 * One-shot notices carried across a redirect in a short-lived cookie ("Signed out", "Access
 * Denied"…), read and cleared by the next page render, which shows them as a toast.
 */
import { env } from "~/lib/env.server";
import type { Notice } from "~/lib/notice";

export type { Notice };

const COOKIE = "flash";

function serialize(value: string, maxAge: number, secure: boolean): string {
  return `${COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

const secureByDefault = () => env().PUBLIC_URL.startsWith("https:");

export function flashCookie(notice: Notice, { secure = secureByDefault() } = {}): string {
  return serialize(Buffer.from(JSON.stringify(notice)).toString("base64url"), 60, secure);
}

export function clearFlashCookie({ secure = secureByDefault() } = {}): string {
  return serialize("", 0, secure);
}

export function readFlash(cookieHeader: string | null): Notice | null {
  const raw = cookieHeader
    ?.split(/;\s*/)
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (!value || typeof value !== "object") return null;
    const { title, description, tone } = value as Record<string, unknown>;
    if (typeof title !== "string" || !["success", "error", "info"].includes(String(tone))) return null;
    return {
      title: title.slice(0, 200),
      description: typeof description === "string" ? description.slice(0, 500) : undefined,
      tone: tone as Notice["tone"],
    };
  } catch {
    return null;
  }
}

/** A redirect that shows `notice` on the page it lands on. */
export function redirectWithNotice(
  location: string,
  notice: Notice,
  init: { secure?: boolean; headers?: HeadersInit } = {},
): Response {
  const headers = new Headers(init.headers);
  headers.set("Location", location);
  headers.append("Set-Cookie", flashCookie(notice, { secure: init.secure }));
  return new Response(null, { status: 302, headers });
}
