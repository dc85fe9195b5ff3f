import type { MetaDescriptor } from "react-router";

/** Used when the root loader's data is missing (e.g. the root loader itself failed). */
export const DEFAULT_SITE_NAME = "Laneway Rooms";

/** The share image for pages without their own (1200 × 630, in `public/`). */
export const DEFAULT_SHARE_IMAGE = "/social/laneway-rooms-share.png";

/** Search engines show about 160 characters of a description. */
export const MAX_DESCRIPTION_LENGTH = 160;

/** What pageMeta needs from the root loader's data (`siteName`, `publicUrl`). */
export interface SiteMetaData {
  siteName?: string;
  publicUrl?: string;
}

export interface PageMetaInput {
  /** The page's own title, e.g. "About": the document title becomes "About | Laneway Rooms". */
  title?: string;
  /** The whole document title, used as is instead of "title | site name" (e.g. for the home page). */
  fullTitle?: string;
  description: string;
  /** The page's canonical path (pathname, plus a query only when it names a distinct page). */
  path: string;
  /** Share image: an absolute http(s) URL or a site path; defaults to the site's share image. */
  image?: string | null;
  imageAlt?: string;
  /** Open Graph type: "website" (default), "article" … */
  type?: string;
  /** Ask search engines not to index the page (it still gets its title and description). */
  noIndex?: boolean;
}

/**
 * The root loader's data from a meta function's `matches`, for pageMeta:
 * `export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ … }, rootMetaData(matches));`
 */
export function rootMetaData(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): SiteMetaData | undefined {
  const data = matches.find((match) => match?.id === "root")?.loaderData;
  if (!data || typeof data !== "object") return undefined;
  const { siteName, publicUrl } = data as Record<string, unknown>;
  return {
    siteName: typeof siteName === "string" ? siteName : undefined,
    publicUrl: typeof publicUrl === "string" ? publicUrl : undefined,
  };
}

/** Collapses whitespace and shortens to about 160 characters at a word boundary, with an ellipsis. */
export function summarise(text: string, max = MAX_DESCRIPTION_LENGTH): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

/**
 * An absolute http(s) URL for `value` (an absolute http(s) URL, or a site path resolved against
 * PUBLIC_URL); undefined for anything else (`//host`, `javascript:`, relative junk).
 */
export function absoluteUrl(value: string | null | undefined, publicUrl: string | undefined): string | undefined {
  if (!value) return undefined;
  if (/^https?:\/\//i.test(value)) {
    try {
      return new URL(value).toString();
    } catch {
      return undefined;
    }
  }
  if (!publicUrl || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return undefined;
  try {
    return new URL(value, `${publicUrl.replace(/\/+$/, "")}/`).toString();
  } catch {
    return undefined;
  }
}

/** The canonical URL of a site path: PUBLIC_URL + path (without fragment). */
export function canonicalUrl(path: string, publicUrl: string | undefined): string | undefined {
  if (!publicUrl) return undefined;
  const clean = path.split("#")[0] ?? "/";
  return `${publicUrl.replace(/\/+$/, "")}${clean.startsWith("/") ? clean : `/${clean}`}`;
}

/**
 * React Router meta descriptors for a public page: document title ("Page | Site"), description,
 * canonical link, Open Graph (title, description, url, type, absolute image, site name, locale
 * en_AU) and the Twitter card.
 */
export function pageMeta(input: PageMetaInput, rootData: SiteMetaData | null | undefined): MetaDescriptor[] {
  const siteName = rootData?.siteName || DEFAULT_SITE_NAME;
  const publicUrl = rootData?.publicUrl;
  const title =
    input.fullTitle ?? (input.title && input.title !== siteName ? `${input.title} | ${siteName}` : siteName);
  const description = summarise(input.description);
  const canonical = canonicalUrl(input.path, publicUrl);
  const image = absoluteUrl(input.image ?? DEFAULT_SHARE_IMAGE, publicUrl);

  const descriptors: MetaDescriptor[] = [{ title }, { name: "description", content: description }];
  if (input.noIndex) descriptors.push({ name: "robots", content: "noindex" });
  if (canonical) descriptors.push({ tagName: "link", rel: "canonical", href: canonical });
  descriptors.push(
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: "en_AU" },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title ?? title },
    { property: "og:description", content: description },
  );
  if (canonical) descriptors.push({ property: "og:url", content: canonical });
  if (image) {
    descriptors.push({ property: "og:image", content: image });
    if (input.imageAlt) descriptors.push({ property: "og:image:alt", content: input.imageAlt });
  }
  descriptors.push({ name: "twitter:card", content: image ? "summary_large_image" : "summary" });
  return descriptors;
}
