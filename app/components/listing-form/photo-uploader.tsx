import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { Icon } from "~/app/components/ui/icon";
import { toast } from "~/app/components/ui/toast";
import { flagMessage } from "~/app/content/photo-review";
import type { PhotoAnalysis, ListingPhoto as Photo } from "~/db/schema";
import { ListingPhoto } from "~/app/components/listings/listing-photo";
import { Button } from "~/app/components/ui/button";
import { Input } from "~/app/components/ui/input";
import { Label } from "~/app/components/ui/label";
import { useHydrated } from "~/app/components/ui/use-hydrated";
import { LISTING_LIMITS } from "~/modules/listings/listing-form";
import {
  LISTING_PHOTO_ERRORS,
  LISTING_PHOTO_UPLOAD_PATH,
  MAX_LISTING_PHOTO_BYTES,
  type ListingPhotoUploadResult,
} from "~/modules/media/listing-photo-upload";
import { suggestPhotoOrder } from "~/modules/media/photo-suggestions";

const MESSAGES = {
  success: "Images uploaded successfully.",
  failure: "Failed to upload images. Please try again.",
} as const;

export interface PhotoUploaderProps {
  photos: Photo[];
  /** Upload-time scores of the photos already on the listing, by URL (new uploads add theirs). */
  analyses?: Record<string, PhotoAnalysis>;
  onChange: (photos: Photo[]) => void;
  /** Told how many chosen photos are still on their way (0 once all are in the list or refused). */
  onPendingChange?: (pending: number) => void;
  disabled?: boolean;
}

interface Upload {
  id: number;
  name: string;
  /** Share of the file sent; at 100 the server is still processing it. */
  percent: number;
}

type Outcome = { ok: true; photo: Photo; analysis: PhotoAnalysis } | { ok: false; reason?: string };

/** Sends one file with XMLHttpRequest: unlike fetch, it reports upload progress. */
function sendPhoto(file: File, onProgress: (percent: number) => void, signal: AbortSignal): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", LISTING_PHOTO_UPLOAD_PATH);
    request.responseType = "json";
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener("load", () => {
      const body = request.response as ListingPhotoUploadResult | null;
      if (request.status === 201 && body && "photo" in body)
        resolve({ ok: true, photo: body.photo, analysis: body.analysis });
      else resolve({ ok: false, reason: body && "error" in body ? body.error : undefined });
    });
    for (const type of ["error", "abort", "timeout"]) request.addEventListener(type, () => resolve({ ok: false }));
    signal.addEventListener("abort", () => request.abort(), { once: true });
    const form = new FormData();
    form.append("file", file);
    request.send(form);
  });
}

/** React keys for photos: the URL, numbered when the same URL appears twice. */
function photoKeys(photos: Photo[]): string[] {
  const seen = new Map<string, number>();
  return photos.map(({ url }) => {
    const count = seen.get(url) ?? 0;
    seen.set(url, count + 1);
    return `${url}#${count}`;
  });
}

/**
 * The listing form's "Property Photos": choose several images, each uploaded in turn with its
 * progress shown, then appended in the order chosen; thumbnails can be moved and removed. One
 * toast per batch says how it went, with the server's reasons for any refusal. A photo that is
 * too small, blurred, very dark or a repeat says so under its thumbnail, from its upload-time scores.
 */
export function PhotoUploader({
  photos,
  analyses: initialAnalyses = {},
  onChange,
  onPendingChange,
  disabled = false,
}: PhotoUploaderProps) {
  const inputId = useId();
  const hintId = useId();
  // Uploading takes script: until it runs, choosing a file would do nothing.
  const hydrated = useHydrated();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const nextId = useRef(0);
  // The current list even before the parent re-renders, so back-to-back uploads append to each other.
  const latest = useRef(photos);
  useEffect(() => {
    latest.current = photos;
  }, [photos]);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const [analyses, setAnalyses] = useState(initialAnalyses);
  const busy = uploads.length > 0;
  const keys = photoKeys(photos);
  // The same rules as the photos page, so both name the same problems.
  const reviewed = new Map(
    suggestPhotoOrder(photos.map(({ url }) => ({ url, analysis: analyses[url] ?? null }))).photos.map((photo) => [
      photo.position,
      photo,
    ]),
  );
  useEffect(() => onPendingChange?.(uploads.length), [onPendingChange, uploads.length]);

  function commit(next: Photo[]) {
    latest.current = next;
    onChange(next);
  }

  function move(index: number, by: -1 | 1) {
    const next = [...latest.current];
    const [photo] = next.splice(index, 1);
    if (!photo) return;
    next.splice(index + by, 0, photo);
    commit(next);
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.currentTarget.files ?? []);
    // Cleared so that choosing the same file again is a change too.
    event.currentTarget.value = "";
    if (chosen.length === 0) return;
    const room = Math.max(0, LISTING_LIMITS.photos - latest.current.length);
    const batch = chosen.slice(0, room).map((file) => ({ file, id: nextId.current++ }));
    const reasons =
      chosen.length > room ? [`At most ${LISTING_LIMITS.photos} photos: ${chosen.length - room} not added.`] : [];
    let uploaded = 0;
    let failed = chosen.length - batch.length;

    const controller = new AbortController();
    running.current = controller;
    setUploads(batch.map(({ file, id }) => ({ id, name: file.name, percent: 0 })));
    for (const { file, id } of batch) {
      const outcome: Outcome =
        file.size > MAX_LISTING_PHOTO_BYTES
          ? { ok: false, reason: LISTING_PHOTO_ERRORS.tooLarge }
          : await sendPhoto(
              file,
              (percent) => setUploads((list) => list.map((item) => (item.id === id ? { ...item, percent } : item))),
              controller.signal,
            );
      if (controller.signal.aborted) return;
      setUploads((list) => list.filter((item) => item.id !== id));
      if (outcome.ok) {
        const { photo, analysis } = outcome;
        setAnalyses((known) => ({ ...known, [photo.url]: analysis }));
        commit([...latest.current, photo]);
        uploaded += 1;
      } else {
        failed += 1;
        if (outcome.reason) reasons.push(`${file.name}: ${outcome.reason}`);
      }
    }
    if (uploaded > 0) toast.success("Success", { description: MESSAGES.success });
    if (failed > 0) toast.error("Error", { description: [MESSAGES.failure, ...reasons].join(" ") });
  }

  return (
    <div className="space-y-3">
      <Label htmlFor={inputId}>Property Photos</Label>
      <Input
        id={inputId}
        type="file"
        accept="image/*"
        multiple
        disabled={!hydrated || disabled || busy}
        aria-describedby={hintId}
        onChange={(event) => void upload(event)}
        className="cursor-pointer"
      />
      <p id={hintId} className="text-sm text-muted-foreground">
        Up to {LISTING_LIMITS.photos} photos, {MAX_LISTING_PHOTO_BYTES / 1024 / 1024} MB each. The first one leads the
        listing. Once it is saved, “Photos” on Your Properties suggests a cover and an order, and takes alt text.
      </p>

      {busy && (
        <ul aria-label="Photo uploads" className="space-y-2">
          {uploads.map((item) => (
            <li key={item.id} className="space-y-1 text-sm">
              <div className="flex justify-between gap-3">
                <span className="truncate">{item.name}</span>
                <span aria-hidden className="shrink-0 text-muted-foreground tabular-nums">
                  {item.percent < 100 ? `${item.percent}%` : "Processing…"}
                </span>
              </div>
              <div
                role="progressbar"
                aria-label={`Uploading ${item.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={item.percent}
                aria-valuetext={item.percent < 100 ? `${item.percent}%` : "Processing"}
                className="h-2 overflow-hidden rounded-full bg-muted"
              >
                <div
                  className="h-full bg-primary transition-[width] motion-reduce:transition-none"
                  style={{ width: `${item.percent}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}

      {photos.length > 0 && (
        <ul aria-label="Property photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {photos.map((photo, index) => {
            const review = reviewed.get(index + 1);
            const problems =
              review?.flags.map((flag) => flagMessage(flag, { ...photo, duplicateOf: review.duplicateOf })) ?? [];
            return (
              <li key={keys[index]} className="overflow-hidden rounded-xl border bg-card">
                <ListingPhoto
                  photo={photo}
                  alt={`Photo ${index + 1}`}
                  sizes="(min-width: 1024px) 200px, (min-width: 640px) 33vw, 50vw"
                  className="aspect-[3/2] w-full"
                />
                <div className="flex items-center justify-between gap-1 p-1.5">
                  <div className="flex">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-xs"
                      aria-label={`Move photo ${index + 1} left`}
                      disabled={disabled || index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <Icon name="chevron-left" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-xs"
                      aria-label={`Move photo ${index + 1} right`}
                      disabled={disabled || index === photos.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <Icon name="chevron-right" />
                    </Button>
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove photo ${index + 1}`}
                    disabled={disabled}
                    onClick={() => commit(latest.current.filter((_, at) => at !== index))}
                  >
                    <Icon name="x" />
                    {/* Two thumbnails a row on a phone leave no room for the word; the button keeps its name. */}
                    <span className="max-sm:sr-only">Remove</span>
                  </Button>
                </div>
                {problems.length > 0 && (
                  <ul aria-label={`Problems with photo ${index + 1}`} className="space-y-1 px-1.5 pb-1.5 text-xs">
                    {problems.map((problem) => (
                      <li key={problem} className="rounded-lg bg-amber-50 px-2 py-1.5 text-amber-950">
                        {problem}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
