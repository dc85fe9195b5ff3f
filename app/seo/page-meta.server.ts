import type { MetaDescriptor } from "react-router";
import { env } from "~/lib/env.server";
import { pageMeta, type PageMetaInput } from "~/app/seo/meta";

/**
 * A page's meta descriptors built in its loader, for the pages most visits start on (home, search,
 * a listing): their `meta` export only returns `loaderData.meta`, so the descriptor builder stays
 * out of their first-visit JavaScript. The site name and URL come from the server's configuration,
 * as the root loader's do.
 */
export function loaderPageMeta(input: PageMetaInput): MetaDescriptor[] {
  const { SITE_NAME, PUBLIC_URL } = env();
  return pageMeta(input, { siteName: SITE_NAME, publicUrl: PUBLIC_URL });
}
