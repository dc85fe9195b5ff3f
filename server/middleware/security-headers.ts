import { createMiddleware } from "hono/factory";
import type { AppEnv } from "~/server/middleware/request-context";

export interface SecurityHeaderOptions {
  /** Vite's dev server: its HMR client needs eval and a WebSocket. */
  viteDevServer: boolean;
  /** The site is served over https (PUBLIC_URL), so browsers may be told to insist on it. */
  https: boolean;
  /** Extra origins images may load from (map tiles, object storage). */
  imageOrigins?: string[];
  /** Origins a form post may redirect to (the identity provider's sign-in page). */
  formActionOrigins?: string[];
}

/** The Content-Security-Policy for one response, with its script nonce. */
export function contentSecurityPolicy(nonce: string, options: SecurityHeaderOptions): string {
  const directives = [
    "default-src 'self'",
    // Only scripts carrying this response's nonce run; they may load further scripts ('strict-dynamic').
    `script-src 'nonce-${nonce}' 'strict-dynamic'${options.viteDevServer ? " 'unsafe-eval'" : ""}`,
    // Inline style attributes come from the component library's positioning code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${(options.imageOrigins ?? []).join(" ")}`.trim(),
    "font-src 'self' data:",
    `connect-src 'self'${options.viteDevServer ? " ws: wss:" : ""}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    `form-action 'self' ${(options.formActionOrigins ?? []).join(" ")}`.trim(),
    "object-src 'none'",
  ];
  return directives.join("; ");
}

/** Security headers for every response; HSTS only when the request arrived over https. */
export function securityHeaders(options: SecurityHeaderOptions) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const headers = c.res.headers;
    const { nonce } = c.get("requestInfo");
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, options));
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("X-Frame-Options", "DENY");
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (options.https || c.req.url.startsWith("https:"))
      headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  });
}
