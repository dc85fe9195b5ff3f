import type { Route } from "./+types/robots";
import { buildRobotsTxt } from "~/modules/seo/sitemap";
import { services } from "~/lib/request-context";

/** GET /robots.txt: crawl everything public, not the private areas; where the sitemap is. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(buildRobotsTxt(services(context).site.url), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
