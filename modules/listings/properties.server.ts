import { and, asc, count, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { listings } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { toSummary } from "~/modules/listings/listing-queries.server";
import { deleteListing, setListingStatus } from "~/modules/listings/listing-write.server";
import {
  LANDLORDS_AND_ADMINS_ONLY,
  parsePropertyAction,
  propertiesAccess,
  SUBSCRIPTION_REQUIRED,
  type PropertiesQuery,
  type PropertySummary,
} from "~/modules/listings/properties";

/** `%term%` for ILIKE, with the term's own wildcards (and the escape character) matching literally. */
function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

// Matches the created_at indexes (declared DESC NULLS LAST), so the newest-first walk can use them.
const NEWEST_FIRST = sql`${listings.createdAt} desc nulls last`;

/**
 * One page of the listings `viewer` manages (spec §7 "Properties"): every listing for an admin,
 * otherwise only the viewer's own, by owner id (never by e-mail). `q` matches title or description
 * case-insensitively anywhere. Newest first (ties by id, so pages never overlap), with the exact total.
 */
export async function propertiesFor(
  db: Executor,
  viewer: Viewer,
  { q, page, pageSize }: PropertiesQuery,
): Promise<{ rows: PropertySummary[]; total: number }> {
  const conditions: (SQL | undefined)[] = [];
  if (viewer.role !== "admin") conditions.push(eq(listings.landlordId, viewer.id));
  if (q) conditions.push(or(ilike(listings.listingTitle, containing(q)), ilike(listings.description, containing(q))));
  const where = and(...conditions);

  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(listings)
      .where(where)
      .orderBy(NEWEST_FIRST, asc(listings.listingId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(listings).where(where),
  ]);
  return { rows: rows.map((row) => ({ ...toSummary(row), status: row.status })), total: totalRow?.total ?? 0 };
}

export type PropertyActionOutcome =
  { ok: true; message: string } | { ok: false; status: 400 | 403 | 404; error: string };

const MESSAGES = {
  let: "Listing marked as let.",
  available: "Listing marked as available.",
  deleted: "Listing deleted.",
} as const;

/**
 * Runs a property action from the properties screen's form (see `parsePropertyAction`) under the
 * listing-write rules: a listing that is missing and one the viewer does not own are both simply
 * "not found", so the answer never tells which listings exist.
 */
export async function runPropertyAction(db: Executor, viewer: Viewer, form: FormData): Promise<PropertyActionOutcome> {
  const access = propertiesAccess(viewer);
  if (access === "not-allowed") return { ok: false, status: 403, error: LANDLORDS_AND_ADMINS_ONLY };
  if (access === "subscription-required") return { ok: false, status: 403, error: SUBSCRIPTION_REQUIRED };
  const action = parsePropertyAction(form);
  if (!action) return { ok: false, status: 400, error: "Invalid request." };

  const result =
    action.intent === "delete"
      ? await deleteListing(db, viewer, action.listingId)
      : await setListingStatus(db, viewer, action.listingId, action.status);
  if (!result.ok) {
    return result.reason === "forbidden"
      ? { ok: false, status: 403, error: LANDLORDS_AND_ADMINS_ONLY }
      : { ok: false, status: 404, error: "Listing not found" };
  }
  return { ok: true, message: action.intent === "delete" ? MESSAGES.deleted : MESSAGES[action.status] };
}
