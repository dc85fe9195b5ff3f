/**
 * Uploaded photos and which listings show them.
 */
import { index, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "~/db/schema/columns";
import { users } from "~/db/schema/auth";
import { listings } from "~/db/schema/listings";

/** What the room in a photo shows, as a vision model tells it. */
export const PHOTO_ROOMS = ["bedroom", "living", "kitchen", "bathroom", "exterior", "other"] as const;
export type PhotoRoom = (typeof PHOTO_ROOMS)[number];

/**
 * A listing photo's quality, measured once at upload (modules/media/internal/photo-scoring.server.ts)
 * on the stored size: sharpness is the variance of the Laplacian of a 512 px greyscale copy,
 * brightness its mean luminance (0–255), `dark`/`bright` the shares of crushed and blown pixels,
 * `hash` a 64-bit difference hash (16 hex digits) for spotting near-duplicates. `room` and `alt`
 * come from the vision model when one is configured.
 */
export interface PhotoAnalysis {
  width: number;
  height: number;
  sharpness: number;
  brightness: number;
  dark: number;
  bright: number;
  hash: string;
  room?: PhotoRoom;
  alt?: string;
}

/**
 * Every photo uploaded through the image pipeline (listing photos, post featured images): its
 * storage folder's files, so unused uploads can be deleted. An upload no listing or post links to
 * is removed once it is a day old (see
 * modules/media/photo-sweeper.server.ts); deleting a listing drops its links.
 */
export const photoUploads = pgTable(
  "photo_uploads",
  {
    /** The random folder id in `listings/<id>/…`. */
    id: uuid("id").primaryKey(),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** Storage keys of every file made for the photo (all widths and formats). */
    keys: jsonb("keys").$type<string[]>().notNull(),
    /** Listing photos only; null for post images and uploads made before scoring existed. */
    analysis: jsonb("analysis").$type<PhotoAnalysis>(),
    createdAt: createdAt(),
  },
  (table) => [index("photo_uploads_created_at_idx").on(table.createdAt)],
);

/** Which uploads a listing shows; kept in step with `listings.photos` on every create and edit. */
export const listingPhotoUploads = pgTable(
  "listing_photo_uploads",
  {
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.listingId, { onDelete: "cascade" }),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => photoUploads.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.listingId, table.uploadId] }),
    index("listing_photo_uploads_upload_idx").on(table.uploadId),
  ],
);
