import { useCallback, useState } from "react";
import type { ListingPhoto as Photo } from "~/db/schema";
import { PLACEHOLDER_PHOTO, photoSrcSet } from "~/modules/media/photos";
import { cn } from "~/app/components/ui/cn";

export interface ListingPhotoProps {
  photo: Photo | null;
  /** Alternative text; defaults to the photo's own description. Pass "" where it is decorative. */
  alt?: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** Above the fold: load at once with high priority. Otherwise lazy. */
  priority?: boolean;
  className?: string;
}

/**
 * A listing photo with responsive sources, fixed intrinsic size (no layout shift) and a
 * placeholder when there is no photo or it fails to load — also when it failed before hydration.
 */
export function ListingPhoto({ photo, alt, sizes, priority = false, className }: ListingPhotoProps) {
  const [failed, setFailed] = useState(false);
  const shown = !photo || failed ? PLACEHOLDER_PHOTO : photo;
  // An error while the server-rendered page was loading fired no React handler: check on attach.
  const checkLoaded = useCallback((element: HTMLImageElement | null) => {
    if (element?.complete && element.naturalWidth === 0) setFailed(true);
  }, []);

  const image = (
    <img
      ref={shown === photo ? checkLoaded : undefined}
      src={shown.url}
      srcSet={shown === photo ? photoSrcSet(photo) : undefined}
      sizes={sizes}
      alt={shown === photo ? (alt ?? photo.alt ?? "") : ""}
      width={shown.width ?? 1200}
      height={shown.height ?? 800}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding={priority ? "sync" : "async"}
      onError={() => setFailed(true)}
      className={cn("bg-muted object-cover", className)}
    />
  );
  // Uploaded photos also come in AVIF, smaller still, for the browsers that read it.
  const avif = shown === photo ? photoSrcSet(photo, "avif") : undefined;
  if (!avif) return image;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      {image}
    </picture>
  );
}
