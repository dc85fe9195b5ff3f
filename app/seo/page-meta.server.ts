import type { MetaDescriptor } from "react-router";
import type { SiteSettings } from "~/lib/services.server";
import { pageMeta, type PageMetaInput } from "~/app/seo/meta";

/**
 * A page's meta descriptors built in its loader, for the pages most visits start on (home, search,
 * a listing): their `meta` export only returns `loaderData.meta`, so the descriptor builder stays
 * out of their first-visit JavaScript. The site name and URL are the services' site settings, as
 * the root loader's are.
 */
export function loaderPageMeta(site: Pick<SiteSettings, "name" | "url">, input: PageMetaInput): MetaDescriptor[] {
  return pageMeta(input, { siteName: site.name, publicUrl: site.url });
}
