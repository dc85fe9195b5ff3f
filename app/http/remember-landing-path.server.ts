import type { MiddlewareFunction } from "react-router";
import { rememberedPageCookies } from "~/lib/landing-path";
import { services } from "~/lib/request-context";

/**
 * Root middleware: after a public page has rendered successfully on the server, remember it as the
 * landing target (`last_path`, `visited`). Client-side navigations are remembered in the browser.
 */
export const rememberLandingPath: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  const cookies = rememberedPageCookies(request, response, { secure: services(context).site.url.startsWith("https:") });
  for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
  return response;
};
