import { env } from "~/lib/env.server";
import { buildRobotsTxt } from "~/modules/seo/sitemap";

/** GET /robots.txt: crawl everything public, not the private areas; where the sitemap is. */
export function loader() {
  return new Response(buildRobotsTxt(env().PUBLIC_URL), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
