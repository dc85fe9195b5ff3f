/** Display helpers for blog posts, shared by the server render and the browser (no server code). */

export type PostType = "blog" | "news" | "press";

export const POST_TYPE_LABELS: Record<PostType, string> = { blog: "Blog", news: "News", press: "Press" };

const POST_DATE = new Intl.DateTimeFormat("en-US", {
  timeZone: "Australia/Melbourne",
  month: "long",
  day: "numeric",
  year: "numeric",
});

/** A post's date as 'MMMM d, yyyy' (e.g. 'March 12, 2024'), on the Melbourne calendar. */
export function formatPostDate(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? "" : POST_DATE.format(date);
}

/** The calendar day in Melbourne as yyyy-MM-dd, for <time dateTime>. */
export function postDateAttribute(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Melbourne" }).format(date);
}

/** Width and height every featured image is drawn at (the demo images are 1200 × 630). */
export const FEATURED_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** A srcset for the demo images, which ship with a 600 px wide copy next to them; undefined otherwise. */
export function featuredImageSrcSet(src: string): string | undefined {
  const match = /^(\/demo\/blog\/[\w-]+)\.webp$/.exec(src);
  if (!match || src.endsWith("-600.webp")) return undefined;
  return `${match[1]}-600.webp 600w, ${src} 1200w`;
}
