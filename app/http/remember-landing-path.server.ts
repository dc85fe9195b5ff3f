import type { MiddlewareFunction } from "react-router";
import { env } from "~/lib/env.server";
import { rememberedPageCookies } from "~/lib/landing-path";

/**
 * Root middleware: after a public page has rendered successfully on the server, remember it as the
 * landing target (`last_path`, `visited`). Client-side navigations are remembered in the browser.
 */
export const rememberLandingPath: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const cookies = rememberedPageCookies(request, response, { secure: env().PUBLIC_URL.startsWith("https:") });
  for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
  return response;
};
