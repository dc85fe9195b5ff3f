import sanitize, { type IOptions } from "sanitize-html";

/**
 * HTML that went through {@link sanitizeHtml}. The brand makes "already sanitized" a type: the
 * component that renders blog HTML accepts nothing else, so raw text cannot reach it by mistake.
 */
export type SanitizedHtml = string & { readonly __brand: "SanitizedHtml" };

export const ALLOWED_TAGS = [
  "p",
  "h2",
  "h3",
  "h4",
  "ul",
  "ol",
  "li",
  "strong",
  "em",
  "b",
  "i",
  "a",
  "blockquote",
  "br",
  "hr",
  "code",
  "pre",
  "img",
  "figure",
  "figcaption",
] as const;

/**
 * Elements dropped together with everything inside them (their text would be code, styles or
 * markup from another namespace, never prose). Other disallowed tags are unwrapped: their text stays.
 */
const DROPPED_WITH_CONTENT = [
  "script",
  "style",
  "template",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "svg",
  "math",
  "noscript",
  "noembed",
  "noframes",
  "xmp",
  "plaintext",
  "textarea",
  "select",
  "option",
  "title",
  "head",
];

/** Control characters and whitespace, which browsers ignore inside a URL's scheme ("jav\tascript:"). */
// eslint-disable-next-line no-control-regex
const IGNORED_IN_URL = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]+/g;

type UrlKind = "link" | "image";

/**
 * The URL as the attribute should carry it, or null when it is not allowed. Links: http(s),
 * mailto, a site path ("/search") or a fragment ("#top"). Images are our own only: a site path
 * (the uploads, bundled images) or an https address on one of `imageOrigins` (where uploads are
 * stored); another site's image would be blocked by the Content-Security-Policy anyway (ADR 85).
 * Anything with another scheme (javascript:, data:, vbscript:, file: …), a protocol-relative
 * "//host" or a backslash is refused. Entities were already decoded by the parser; whitespace and
 * control characters are ignored here as browsers do, so obfuscated schemes are caught too.
 */
export function safeUrl(value: string | undefined, kind: UrlKind, imageOrigins: readonly string[] = []): string | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  const compact = trimmed.replace(IGNORED_IN_URL, "");
  if (!compact || compact.includes("\\")) return null;
  if (compact.startsWith("/")) return compact.startsWith("//") ? null : trimmed;
  if (kind === "link" && compact.startsWith("#")) return trimmed;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  const allowed = kind === "link" ? ["http", "https", "mailto"] : ["https"];
  if (!scheme || !allowed.includes(scheme)) return null;
  if (scheme === "mailto") return trimmed;
  try {
    const url = new URL(trimmed);
    return kind === "image" && !imageOrigins.includes(url.origin) ? null : url.href;
  } catch {
    return null;
  }
}

/** A positive whole number of pixels, as text, or undefined. */
function dimension(value: string | undefined): string | undefined {
  return value && /^\d{1,5}$/.test(value.trim()) && Number(value) > 0 ? String(Number(value)) : undefined;
}

function compact(attributes: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(attributes).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

function optionsFor(imageOrigins: readonly string[]): IOptions {
  return {
    allowedTags: [...ALLOWED_TAGS],
    allowedAttributes: {
      a: ["href", "title", "rel"],
      img: ["src", "alt", "width", "height", "loading"],
    },
    // Our own URL check (safeUrl) runs in transformTags; this is the library's second line.
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["https"] },
    allowedSchemesAppliedToAttributes: ["href", "src"],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    nonTextTags: DROPPED_WITH_CONTENT,
    parseStyleAttributes: false,
    allowVulnerableTags: false,
    enforceHtmlBoundary: false,
    transformTags: {
      // <b>/<i> are allowed, so are their semantic twins; h1 would compete with the page title.
      h1: "h2",
      a: (tagName, attribs) => {
        const href = safeUrl(attribs.href, "link");
        return {
          tagName,
          attribs: compact({
            href: href ?? undefined,
            title: attribs.title,
            rel: href ? "noopener noreferrer" : undefined,
          }),
        };
      },
      img: (tagName, attribs) => ({
        tagName,
        attribs: compact({
          src: safeUrl(attribs.src, "image", imageOrigins) ?? undefined,
          alt: attribs.alt ?? "",
          width: dimension(attribs.width),
          height: dimension(attribs.height),
          loading: "lazy",
        }),
      }),
    },
    // An image without an acceptable source is dropped entirely.
    exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  };
}

/**
 * Allow-list sanitizer for blog HTML. Keeps only the tags in {@link ALLOWED_TAGS}; links keep href
 * (http, https, mailto, site paths) and title and get rel="noopener noreferrer"; images keep a
 * site-relative src or one on `imageOrigins` (see {@link safeUrl}), alt, width and height and load
 * lazily. Everything else goes: scripts, styles, frames, SVG and MathML with their content, event
 * handlers, style and class attributes, comments and unsafe URLs (also when obfuscated with
 * entities, whitespace or mixed case). Parser based (htmlparser2), so it runs on the server
 * without a DOM. Idempotent: sanitizing sanitized HTML changes nothing.
 */
export function sanitizeHtml(
  dirty: string | null | undefined,
  { imageOrigins = [] }: { imageOrigins?: readonly string[] } = {},
): SanitizedHtml {
  if (!dirty) return "" as SanitizedHtml;
  return sanitize(dirty, optionsFor(imageOrigins)) as SanitizedHtml;
}
