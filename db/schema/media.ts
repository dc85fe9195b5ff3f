/**
 * Uploaded photos and which listings show them.
 */
import { index, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "~/db/schema/columns";
import { users } from "~/db/schema/auth";
import { listings } from "~/db/schema/listings";

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
