import { z } from "zod";
import type { postStatuses, postTypes } from "~/db/schema";
import { formText, type FieldValues } from "~/lib/form-data";

/** The post editor's fields, shared by the admin form and the REST API; the server is the authority. */
export const POST_FIELDS = ["title", "slug", "excerpt", "content", "featuredImage", "status", "type"] as const;
export type PostField = (typeof POST_FIELDS)[number];

/** The content cap keeps a whole save under the server's 64 KB body limit (the form posts multipart). */
export const POST_LIMITS = { title: 200, slug: 200, excerpt: 1000, content: 50_000, featuredImage: 2048 } as const;

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_TAKEN = "This slug is already used by another post. Please choose another.";

export type PostStatus = (typeof postStatuses)[number];
export type PostType = (typeof postTypes)[number];

// The schema's values, repeated here so the browser bundle does not pull in the database schema.
export const POST_STATUSES = ["draft", "published"] as const satisfies readonly PostStatus[];
export const POST_TYPES = ["blog", "news", "press"] as const satisfies readonly PostType[];

/** A URL-safe slug suggested from a title: lower case ASCII words joined by dashes. */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, POST_LIMITS.slug)
    .replace(/-+$/, "");
}

/** An empty optional field is stored as null. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .nullish()
    .transform((value) => (value ? value : null));

/** Said when a featured image is on another site (its https address passes the form's own check). */
export const FEATURED_IMAGE_NOT_OURS =
  "Upload the featured image here: images from other sites are not shown on the blog.";

/** A featured image: an https address or a path on this site (the uploads); the server also wants it ours. */
function isImageAddress(value: string): boolean {
  if (/[\s\\]/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

export const postInputSchema = z.object({
  title: z
    .string({ error: "Please enter a title." })
    .trim()
    .min(1, { error: "Please enter a title.", abort: true })
    .max(POST_LIMITS.title, { error: `The title must be at most ${POST_LIMITS.title} characters.` }),
  slug: z
    .string({ error: "Please enter a slug." })
    .trim()
    .min(1, { error: "Please enter a slug.", abort: true })
    .max(POST_LIMITS.slug, { error: `The slug must be at most ${POST_LIMITS.slug} characters.`, abort: true })
    .regex(SLUG_PATTERN, { error: "Use lower-case letters, digits and single dashes only (like my-first-post)." }),
  content: z
    .string({ error: "Please enter the content." })
    .trim()
    .min(1, { error: "Please enter the content.", abort: true })
    .max(POST_LIMITS.content, { error: "The content is too long." }),
  excerpt: optionalText(POST_LIMITS.excerpt, `The excerpt must be at most ${POST_LIMITS.excerpt} characters.`),
  featuredImage: optionalText(POST_LIMITS.featuredImage, "The image address is too long.").refine(
    (value) => value === null || isImageAddress(value),
    { error: "The featured image must be an https:// address or an uploaded image." },
  ),
  status: z.enum(POST_STATUSES, { error: "Choose Draft or Published." }).default("draft"),
  type: z.enum(POST_TYPES, { error: "Choose Blog, News or Press." }).default("blog"),
});

/** What a caller passes (the API's JSON body or the form's fields); `PostInput` is the parsed result. */
export type PostInputValues = z.input<typeof postInputSchema>;
export type PostInput = z.output<typeof postInputSchema>;

/** The editor form's fields as schema input (an empty status or type means the default). */
export function postValuesFromForm(values: FieldValues): PostInputValues {
  const text = (name: PostField) => formText(values, name);
  return {
    title: text("title"),
    slug: text("slug"),
    content: text("content"),
    excerpt: text("excerpt"),
    featuredImage: text("featuredImage"),
    status: (text("status") || undefined) as PostStatus | undefined,
    type: (text("type") || undefined) as PostType | undefined,
  };
}

export type PostFieldErrors = Partial<Record<PostField, string>>;

/** The first message per field. */
export function postFieldErrors(error: z.ZodError): PostFieldErrors {
  const errors: PostFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (POST_FIELDS as readonly string[]).includes(field)) {
      errors[field as PostField] ??= issue.message;
    }
  }
  return errors;
}
