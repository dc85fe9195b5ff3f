import { and, asc, count, eq, gt, lt, or, sql, type SQL } from "drizzle-orm";
import { listings } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { AuditMeta } from "~/modules/audit/record-audit.server";
import type { Viewer } from "~/modules/auth/viewer";
import { containsText, searchFilterConditions } from "~/modules/listings/listing-filters.server";
import { toSummary } from "~/modules/listings/listing-queries.server";
import { resumeListing } from "~/modules/listings/freshness.server";
import { deleteListing, setListingStatus } from "~/modules/listings/listing-write.server";
import { managedListings } from "~/modules/listings/listing-scope.server";
import { notPublicReasons, type NotPublicReason } from "~/modules/listings/visibility";
import { ownerPublishesColumn } from "~/modules/listings/visibility.server";
import { listingScope, noListingScopeReason } from "~/modules/listings/permissions";
import type { PropertiesQuery, PropertyAction, PropertySummary } from "~/modules/listings/properties";
import type { SearchFilters } from "~/modules/listings/search-params";

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

/** Where a keyset page of managed listings continues: after this row in newest-first order. */
export interface ListingCursor {
  /** created_at to the microsecond, as PostgreSQL prints it in UTC. */
  createdAt: string;
  id: string;
}

const CREATED_AT_TEXT = sql<string>`to_char(${listings.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function isListingCursor(value: unknown): value is ListingCursor {
  const cursor = value as Partial<ListingCursor> | null;
  return (
    typeof cursor?.createdAt === "string" &&
    TIMESTAMP.test(cursor.createdAt) &&
    typeof cursor.id === "string" &&
    UUID.test(cursor.id)
  );
}

/** A stored listing its manager reads, with why the public does not see it (`notPublicReasons`). */
export interface ManagedListing {
  row: typeof listings.$inferSelect;
  notPublic: NotPublicReason[];
}

/**
 * A keyset page of the listings `viewer` manages, newest first (ties by id), filtered like public
 * search. A page continues after the last row of the one before, so rows inserted meanwhile (they
 * are newer, so they sort before the cursor) never shift or repeat the rest.
 */
export async function managedListingsPage(
  db: Executor,
  viewer: Viewer,
  { filters, limit, after }: { filters: SearchFilters; limit: number; after?: ListingCursor },
): Promise<{ rows: ManagedListing[]; next: ListingCursor | null }> {
  const conditions: (SQL | undefined)[] = [managedListings(viewer), ...searchFilterConditions(filters)];
  if (after) {
    const at = sql`${after.createdAt}::timestamptz`;
    conditions.push(or(lt(listings.createdAt, at), and(eq(listings.createdAt, at), gt(listings.listingId, after.id))));
  }
  const found = await db
    .select({ row: listings, createdAtText: CREATED_AT_TEXT, ownerPublishes: ownerPublishesColumn() })
    .from(listings)
    .where(and(...conditions))
    .orderBy(NEWEST_FIRST, asc(listings.listingId))
    .limit(limit + 1);
  const page = found.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page.map(({ row, ownerPublishes }) => ({ row, notPublic: notPublicReasons({ ...row, ownerPublishes }) })),
    next: found.length > limit && last ? { createdAt: last.createdAtText, id: last.row.listingId } : null,
  };
}
