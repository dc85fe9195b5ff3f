import { and, asc, count, eq, or, sql, type SQL } from "drizzle-orm";
import { listings } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { AuditMeta } from "~/modules/audit/record-audit.server";
import type { Viewer } from "~/modules/auth/viewer";
import { containsText } from "~/modules/listings/listing-filters.server";
import { toSummary } from "~/modules/listings/listing-queries.server";
import { resumeListing } from "~/modules/listings/freshness.server";
import { deleteListing, setListingStatus } from "~/modules/listings/listing-write.server";
import { managedListings } from "~/modules/listings/listing-scope.server";
import { notPublicReasons } from "~/modules/listings/visibility";
import { ownerPublishesColumn } from "~/modules/listings/visibility.server";
import { listingScope, noListingScopeReason } from "~/modules/listings/permissions";
import type { PropertiesQuery, PropertyAction, PropertySummary } from "~/modules/listings/properties";

// Matches the created_at indexes (declared DESC NULLS LAST), so the newest-first walk can use them.
const NEWEST_FIRST = sql`${listings.createdAt} desc nulls last`;

/**
 * One page of the listings `viewer` manages (see `listingScope`): every listing for an admin, an
 * active landlord's own by owner id (never by e-mail), none for anyone else. `q` matches title or description
 * case-insensitively anywhere. Newest first (ties by id, so pages never overlap), with the exact total.
 */
export async function propertiesFor(
  db: Executor,
  viewer: Viewer,
  query: PropertiesQuery,
): Promise<{ rows: PropertySummary[]; total: number }> {
  return listProperties(db, managedListings(viewer), query);
}

/** Whether the user owns any listing, of any status. */
export async function ownsAnyListing(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: listings.listingId })
    .from(listings)
    .where(eq(listings.landlordId, userId))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether the viewer is a landlord who may list (an active plan) and has not listed a room yet: the
 * pages they land on then lead them to the listing form.
 */
export async function awaitsFirstListing(db: Executor, viewer: Viewer): Promise<boolean> {
  return listingScope(viewer) === "own" && !(await ownsAnyListing(db, viewer.id));
}

/** One page of the listings matching `scope` (undefined: all) and the search, newest first, with the exact total. */
export async function listProperties(
  db: Executor,
  scope: SQL | undefined,
  { q, page, pageSize }: PropertiesQuery,
): Promise<{ rows: PropertySummary[]; total: number }> {
  const conditions: (SQL | undefined)[] = [scope];
  if (q) conditions.push(or(containsText(listings.searchTitle, q), containsText(listings.searchDescription, q)));
  const where = and(...conditions);

  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ row: listings, ownerPublishes: ownerPublishesColumn() })
      .from(listings)
      .where(where)
      .orderBy(NEWEST_FIRST, asc(listings.listingId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(listings).where(where),
  ]);
  return {
    rows: rows.map(({ row, ownerPublishes }) => ({
      ...toSummary(row),
      status: row.status,
      notPublic: notPublicReasons({ ...row, ownerPublishes }),
      moderationReason: row.moderationReason,
      freshnessPausedAt: row.freshnessPausedAt?.toISOString() ?? null,
    })),
    total: totalRow?.total ?? 0,
  };
}

/** A property action's outcome: the change made, or why nothing changed. */
export type PropertyActionOutcome =
  { ok: true; message: string } | { ok: false; reason: "subscription-required" | "not-allowed" | "not-found" };

const MESSAGES = {
  let: "Listing marked as let.",
  available: "Listing marked as available.",
  deleted: "Listing deleted.",
  resumed: "Listing resumed: it shows in search again.",
} as const;

/**
 * Runs a property action from the properties screen under the listing-write rules: a listing that
 * is missing and one the viewer does not manage are both simply "not found", so the answer never
 * tells which listings exist.
 */
export async function runPropertyAction(
  db: Executor,
  viewer: Viewer,
  action: PropertyAction,
  meta?: AuditMeta,
): Promise<PropertyActionOutcome> {
  if (listingScope(viewer) === "none") return { ok: false, reason: noListingScopeReason(viewer) };
  if (action.intent === "resume") {
    const resumed = await resumeListing(db, viewer, action.listingId);
    return resumed.ok ? { ok: true, message: MESSAGES.resumed } : { ok: false, reason: "not-found" };
  }
  const result =
    action.intent === "delete"
      ? await deleteListing(db, viewer, action.listingId, meta)
      : await setListingStatus(db, viewer, action.listingId, action.status, meta);
  if (!result.ok) return { ok: false, reason: result.reason === "forbidden" ? "not-allowed" : "not-found" };
  return { ok: true, message: action.intent === "delete" ? MESSAGES.deleted : MESSAGES[action.status] };
}
