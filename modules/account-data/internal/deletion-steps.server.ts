import { and, eq, inArray, notExists } from "drizzle-orm";
import {
  blogPostUploads,
  listingPhotoUploads,
  listings,
  newsletterSubscribers,
  photoUploads,
  profiles,
  users,
} from "~/db/schema";
import type { ListingPhoto } from "~/db/schema";
import type { StorageAdapter } from "~/lib/adapters/storage/storage-adapter";
import type { Executor } from "~/lib/db/client.server";
import { removeRenterDocuments } from "~/modules/renter-profiles/renter-documents.server";

/** What a step is given: the deletion's transaction and the account being deleted. */
export interface DeletionContext {
  tx: Executor;
  userId: string;
  email: string;
  storage: Pick<StorageAdapter, "keyFromUrl">;
}

/** Files to remove once the deletion has committed: keys in public storage and in the private store. */
export interface FilesToRemove {
  storage?: string[];
  privateFiles?: string[];
}

/**
 * One thing done when an account is deleted, inside the deletion's transaction. A step returns the
 * files to remove: they are deleted only once the transaction has committed, so a failed deletion
 * never loses a file the account still shows.
 */
export interface AccountDeletionStep {
  name: string;
  run(context: DeletionContext): Promise<FilesToRemove>;
}

function photoKeys(photos: ListingPhoto[], storage: DeletionContext["storage"]): string[] {
  return photos
    .flatMap((photo) => [photo.url, ...(photo.variants ?? []).map((variant) => variant.url)])
    .map((url) => storage.keyFromUrl(url))
    .filter((key): key is string => key !== undefined);
}

/** The person's listings leave search at once and for good; their photos' files go after commit. */
async function removeListings({ tx, userId, storage }: DeletionContext): Promise<FilesToRemove> {
  const owned = await tx
    .select({ id: listings.listingId, photos: listings.photos })
    .from(listings)
    .where(eq(listings.landlordId, userId))
    .for("update");
  const ids = owned.map(({ id }) => id);
  const linked = ids.length
    ? await tx
        .select({ id: photoUploads.id, keys: photoUploads.keys })
        .from(listingPhotoUploads)
        .innerJoin(photoUploads, eq(photoUploads.id, listingPhotoUploads.uploadId))
        .where(inArray(listingPhotoUploads.listingId, ids))
    : [];
  if (ids.length) await tx.delete(listings).where(inArray(listings.listingId, ids));
  if (linked.length)
    await tx.delete(photoUploads).where(
      inArray(
        photoUploads.id,
        linked.map(({ id }) => id),
      ),
    );
  return {
    storage: [...owned.flatMap(({ photos }) => photoKeys(photos, storage)), ...linked.flatMap(({ keys }) => keys)],
  };
}

/** Uploads of theirs no listing shows yet (a form left half-way); post images stay with their posts. */
async function removeUnusedUploads({ tx, userId }: DeletionContext): Promise<FilesToRemove> {
  const removed = await tx
    .delete(photoUploads)
    .where(
      and(
        eq(photoUploads.ownerId, userId),
        notExists(
          tx
            .select({ one: blogPostUploads.uploadId })
            .from(blogPostUploads)
            .where(eq(blogPostUploads.uploadId, photoUploads.id)),
        ),
      ),
    )
    .returning({ keys: photoUploads.keys });
  return { storage: removed.flatMap(({ keys }) => keys) };
}

async function removeAvatar({ tx, userId, storage }: DeletionContext): Promise<FilesToRemove> {
  const [profile] = await tx.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, userId));
  const key = profile?.avatarUrl ? storage.keyFromUrl(profile.avatarUrl) : undefined;
  return { storage: key ? [key] : [] };
}

/** The newsletter is kept by address, not by account: the same address leaves it too. */
async function removeNewsletterSubscription({ tx, email }: DeletionContext): Promise<FilesToRemove> {
  await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email.toLowerCase()));
  return {};
}

/**
 * The account row last. Its foreign keys do the rest: ON DELETE CASCADE removes the profile,
 * sessions, sign-in methods, two-factor, favourites, saved searches and their alerts, API keys,
 * support requests, blocks, suspensions and billing records; ON DELETE SET NULL leaves the other
 * side's copy of each conversation, shown with "Former member" (ADR 31), and unlinks posts,
 * support answers and reports they wrote as staff.
 */
async function removeAccount({ tx, userId }: DeletionContext): Promise<FilesToRemove> {
  await tx.delete(users).where(eq(users.id, userId));
  return {};
}

/**
 * Everything deleting an account does, in order. Another domain's data that is not removed by a
 * foreign key (files in storage, rows keyed by e-mail) adds one step here, before the account row.
 */
export const ACCOUNT_DELETION_STEPS: readonly AccountDeletionStep[] = [
  { name: "listings and their photos", run: removeListings },
  { name: "unused photo uploads", run: removeUnusedUploads },
  { name: "avatar", run: removeAvatar },
  { name: "newsletter subscription", run: removeNewsletterSubscription },
  {
    name: "renter's proof document",
    run: async ({ tx, userId }) => ({ privateFiles: await removeRenterDocuments(tx, userId) }),
  },
  { name: "account", run: removeAccount },
];
