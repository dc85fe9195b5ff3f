import type { Route } from "./+types/sitemap";
import { publicReads } from "~/app/http/viewer.server";
import { sitemapXml } from "~/modules/seo/sitemap.server";
import { services } from "~/lib/request-context";

/** GET /sitemap.xml: public pages, listings and published posts; cached for an hour. */
export async function loader({ context }: Route.LoaderArgs) {
  const xml = await sitemapXml(services(context).site.url, publicReads(context));
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
