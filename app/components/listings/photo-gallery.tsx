import { useState, type KeyboardEvent } from "react";
import { Icon } from "~/app/components/ui/icon";
import type { ListingPhoto as Photo } from "~/db/schema";
import { ListingPhoto } from "~/app/components/listings/listing-photo";
import { cn } from "~/app/components/ui/cn";

export interface PhotoGalleryProps {
  photos: Photo[];
  title: string;
}

/**
 * A carousel with previous/next controls and arrow keys, over a grid of thumbnails (2, 3 or 4
 * columns by width) that jump to a photo.
 */
export function PhotoGallery({ photos, title }: PhotoGalleryProps) {
  const [index, setIndex] = useState(0);
  if (photos.length === 0) return null;
  const count = photos.length;
  const show = (next: number) => setIndex((next + count) % count);
  const current = photos[index] ?? null;

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      show(index - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      show(index + 1);
    }
  }

  return (
    <section aria-labelledby="gallery-heading" className="space-y-4">
      <h2 id="gallery-heading" className="text-xl font-semibold">
        Photos
      </h2>
      {/* The carousel takes focus so the arrow keys move between photos (spec: "keyboard arrows"). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        role="region"
        aria-roledescription="carousel"
        aria-label={`Photos of ${title}`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        className="relative overflow-hidden rounded-2xl bg-muted"
      >
        <div aria-live="polite" aria-atomic="true">
          <ListingPhoto
            key={current?.url}
            photo={current}
            alt={current?.alt ?? `${title}: photo ${index + 1} of ${count}`}
            sizes="(min-width: 1024px) 800px, 100vw"
            className="aspect-[3/2] w-full"
          />
          <p className="absolute right-3 bottom-3 rounded-full bg-slate-900/80 px-3 py-1 text-xs font-semibold text-white">
            {index + 1} / {count}
          </p>
        </div>
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => show(index - 1)}
              aria-label="Previous photo"
              className="absolute top-1/2 left-3 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 shadow hover:bg-white"
            >
              <Icon name="chevron-left" className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => show(index + 1)}
              aria-label="Next photo"
              className="absolute top-1/2 right-3 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 shadow hover:bg-white"
            >
              <Icon name="chevron-right" className="size-5" />
            </button>
          </>
        )}
      </div>
      {count > 1 && (
        <ul aria-label="All photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {photos.map((photo, photoIndex) => (
            <li key={`${photo.url}-${photoIndex}`}>
              <button
                type="button"
                onClick={() => setIndex(photoIndex)}
                aria-current={photoIndex === index ? "true" : undefined}
                aria-label={`Show photo ${photoIndex + 1} of ${count}`}
                className={cn(
                  "block w-full overflow-hidden rounded-xl ring-offset-2 transition",
                  photoIndex === index ? "ring-2 ring-primary" : "opacity-80 hover:opacity-100",
                )}
              >
                <ListingPhoto
                  photo={photo}
                  alt=""
                  sizes="(min-width: 1024px) 200px, (min-width: 640px) 33vw, 50vw"
                  className="aspect-[3/2] w-full"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
