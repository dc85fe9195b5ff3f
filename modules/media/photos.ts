import type { ListingPhoto } from "~/db/schema";

/** Width of the thumbnails requested for cloud-drive images. */
export const DRIVE_THUMBNAIL_WIDTH = 800;

export const PLACEHOLDER_PHOTO: ListingPhoto = {
  url: "/images/listing-placeholder.svg",
  width: 1200,
  height: 800,
  alt: "No photo yet",
};

/** A cloud-drive file id: a run of 25 or more letters, digits, dashes or underscores. */
const DRIVE_ID = /^[A-Za-z0-9_-]{25,}$/;
const DRIVE_ID_IN_URL = /[A-Za-z0-9_-]{25,}/;

function driveThumbnail(id: string): string {
  return `https://drive.google.com/thumbnail?id=${id}&sz=w${DRIVE_THUMBNAIL_WIDTH}`;
}

/**
 * Turns a photo reference into a URL a browser can load: cloud-drive share links and bare file
 * ids become thumbnail URLs 800 px wide; other http(s) and site-relative URLs pass through;
 * anything else (javascript:, data:, junk) is dropped.
 */
export function photoUrl(reference: string): string | undefined {
  const value = reference.trim();
  if (!value) return undefined;
  if (DRIVE_ID.test(value)) return driveThumbnail(value);
  if (value.startsWith("/") && !value.startsWith("//")) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  if (url.hostname === "drive.google.com" || url.hostname === "docs.google.com") {
    const id = url.searchParams.get("id") ?? DRIVE_ID_IN_URL.exec(url.pathname)?.[0];
    if (id && DRIVE_ID.test(id)) return driveThumbnail(id);
  }
  return url.toString();
}

function photoFrom(item: unknown): ListingPhoto | undefined {
  if (typeof item === "string") {
    const url = photoUrl(item);
    return url ? { url } : undefined;
  }
  if (item && typeof item === "object" && "url" in item && typeof item.url === "string") {
    const url = photoUrl(item.url);
    if (!url) return undefined;
    const photo = item as Partial<ListingPhoto>;
    return {
      url,
      ...(typeof photo.width === "number" ? { width: photo.width } : {}),
      ...(typeof photo.height === "number" ? { height: photo.height } : {}),
      ...(typeof photo.alt === "string" ? { alt: photo.alt } : {}),
      ...(Array.isArray(photo.variants)
        ? {
            variants: photo.variants.filter(
              (variant) =>
                variant &&
                typeof variant.width === "number" &&
                typeof variant.url === "string" &&
                photoUrl(variant.url) !== undefined,
            ),
          }
        : {}),
    };
  }
  return undefined;
}

/**
 * Normalises every shape photos arrive in: a list of URLs, a list of objects with `url`,
 * or an object whose values are URLs or objects with `url`. Order is kept; unusable entries dropped.
 */
export function normalizePhotos(raw: unknown): ListingPhoto[] {
  if (raw == null) return [];
  if (typeof raw === "string") {
    try {
      return normalizePhotos(JSON.parse(raw));
    } catch {
      const single = photoFrom(raw);
      return single ? [single] : [];
    }
  }
  const items = Array.isArray(raw)
    ? raw
    : typeof raw === "object" && !("url" in raw)
      ? Object.values(raw as Record<string, unknown>)
      : [raw];
  return items.map(photoFrom).filter((photo): photo is ListingPhoto => photo !== undefined);
}

/** `srcset` for a photo with responsive variants in one format (WebP by default; the browser picks by width). */
export function photoSrcSet(photo: ListingPhoto, format: "webp" | "avif" = "webp"): string | undefined {
  const variants = photo.variants?.filter((variant) => variant.format === format) ?? [];
  if (variants.length < 2) return undefined;
  return variants.map((variant) => `${variant.url} ${variant.width}w`).join(", ");
}
