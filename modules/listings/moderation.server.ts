import { eq } from "drizzle-orm";
import { listings } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { recordAudit, type AuditMeta } from "~/modules/audit/record-audit.server";
import type { Viewer } from "~/modules/auth/viewer";
import type { ModerationInput } from "~/modules/listings/moderation";
import { canModerateListings, listingScope } from "~/modules/listings/permissions";
import { deleteListing } from "~/modules/listings/listing-write.server";
import { statusChange } from "~/modules/listings/status-change.server";
import { listProperties } from "~/modules/listings/properties.server";
import type { PropertiesQuery, PropertySummary } from "~/modules/listings/properties";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ModerationResult = { ok: true } | { ok: false; reason: "forbidden" | "not-found" };

/** Every listing, for the moderators' screen. */
export async function propertiesForModeration(
  db: Executor,
  viewer: Viewer,
  query: PropertiesQuery,
): Promise<{ ok: true; rows: PropertySummary[]; total: number } | { ok: false; reason: "forbidden" }> {
  if (!canModerateListings(viewer)) return { ok: false, reason: "forbidden" };
  return { ok: true, ...(await listProperties(db, undefined, query)) };
}

/** Sets a listing's status and the reason its landlord sees; audited in the same transaction. */
export async function moderateListing(
  db: Executor,
  viewer: Viewer,
  listingId: string,
  input: ModerationInput,
  meta: AuditMeta,
): Promise<ModerationResult> {
  if (!canModerateListings(viewer)) return { ok: false, reason: "forbidden" };
  if (!UUID.test(listingId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: listings.status, reason: listings.moderationReason })
      .from(listings)
      .where(eq(listings.listingId, listingId))
      .for("update");
    if (!before) return { ok: false, reason: "not-found" } as const;
    await tx
      .update(listings)
      .set({ ...statusChange(input.status), moderationReason: input.reason })
      .where(eq(listings.listingId, listingId));
    await recordAudit(tx, {
      actor: viewer,
      action: "listing.moderate",
      targetType: "listing",
      targetId: listingId,
      before: { status: before.status, reason: before.reason },
      after: { status: input.status, reason: input.reason },
      reason: input.reason,
      meta,
    });
    return { ok: true } as const;
  });
}

/** Deletes a listing from the back-office: admins only (staff moderate instead), audited by `deleteListing`. */
export async function deleteListingAsAdmin(
  db: Executor,
  viewer: Viewer,
  listingId: string,
  meta: AuditMeta,
): Promise<ModerationResult> {
  if (listingScope(viewer) !== "all") return { ok: false, reason: "forbidden" };
  const result = await deleteListing(db, viewer, listingId, meta);
  return result.ok ? { ok: true } : { ok: false, reason: result.reason };
}
