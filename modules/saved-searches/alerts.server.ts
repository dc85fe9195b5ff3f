import { and, eq, gt, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { listings, savedSearches, savedSearchListings, users } from "~/db/schema";
import { queueMail } from "~/lib/adapters/mail/mailer.server";
import type { Database, Executor } from "~/lib/db/client.server";
import type { Logger } from "~/lib/logger.server";
import { startPeriodicTask } from "~/lib/periodic-task.server";
import type { WherePlaces } from "~/lib/adapters/maps/maps-adapter";
import { searchListings } from "~/modules/listings/listing-queries.server";
import { resolveLocation } from "~/modules/listings/location-filter";
import { formatAvailableDate } from "~/modules/listings/availability-text";
import { formatWeeklyRent } from "~/modules/listings/listing-text";
import type { ListingSummary } from "~/modules/listings/listing-types";
import { parseSearchParams, searchHref } from "~/modules/listings/search-params";
import { savedSearchAlertEmail, type AlertLine } from "~/modules/mail/saved-search-emails";
import { unsubscribeToken } from "~/modules/saved-searches/saved-searches.server";
import type { ListingCounter } from "~/modules/analytics/listing-counter.server";

/** What the alert and freshness tasks work with (a slice of the services): the database, the site, the link-signing secret, the places searches name and a clock. */
export interface AlertDeps {
  db: Database;
  site: { name: string; url: string };
  secret: string;
  /** Finds a saved search's Where, as /search does. */
  places: WherePlaces;
  now?: () => Date;
  /** Counts each listing named in a digest as an impression for its analytics. */
  analytics?: Pick<ListingCounter, "count">;
}

const DAY_MS = 86_400_000;
/** Listings named in one digest, per section; the rest are "and N more" with a link to the search. */
export const ALERT_DIGEST_CAP = 10;
const BATCH = 25;

/** The unsubscribe page for a saved search; also the List-Unsubscribe target (RFC 8058 one-click POST). */
export function unsubscribeUrl(deps: Pick<AlertDeps, "site" | "secret">, search: { id: string; tokenNonce: string }) {
  return `${deps.site.url}/unsubscribe/${unsubscribeToken(deps.secret, search)}`;
}

function describe(listing: ListingSummary): string {
  const parts = [
    listing.weeklyRent !== null ? formatWeeklyRent(listing.weeklyRent) : null,
    listing.availableFrom ? `available ${formatAvailableDate(listing.availableFrom)}` : null,
  ];
  return parts.filter(Boolean).join(" · ");
}

/**
 * Queues one digest per due saved search (instant: every run; daily: once its last run is 24 hours
 * old): matching listings created or changed since its last run that it has never alerted about,
 * and listings it did alert about that are now cheaper or available sooner. Matching is the public
 * search itself (the stored query through the search-params parser and `searchListings`), so every
 * search filter applies. Rows are claimed with FOR UPDATE SKIP LOCKED and their state moved in the
 * transaction that queues the e-mail, so across instances each change is told once, and a restart
 * loses nothing. After downtime each search gets one digest, capped at ALERT_DIGEST_CAP per
 * section with "and N more".
 */
export async function sendSavedSearchAlerts(deps: AlertDeps): Promise<{ searches: number; sent: number }> {
  const now = deps.now?.() ?? new Date();
  const named: string[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ search: savedSearches, email: users.email })
      .from(savedSearches)
      .innerJoin(users, eq(users.id, savedSearches.userId))
      .where(
        and(
          sql`${savedSearches.frequency} <> 'off'`,
          eq(savedSearches.paused, false),
          lt(savedSearches.checkedAt, now),
          or(eq(savedSearches.frequency, "instant"), lte(savedSearches.checkedAt, new Date(now.getTime() - DAY_MS))),
        ),
      )
      .orderBy(savedSearches.checkedAt)
      .limit(BATCH)
      .for("update", { of: savedSearches, skipLocked: true });
    let sent = 0;
    for (const { search, email } of due) {
      const told = await alertOne(tx, deps, search, email, now);
      if (told.length > 0) sent += 1;
      named.push(...told);
    }
    return { searches: due.length, sent };
  });
  // Counted once the digests are queued for good.
  for (const listingId of named) deps.analytics?.count(listingId, "impressions");
  return result;
}

async function alertOne(
  tx: Executor,
  deps: AlertDeps,
  search: typeof savedSearches.$inferSelect,
  to: string,
  now: Date,
): Promise<string[]> {
  const state = { ...parseSearchParams(new URLSearchParams(search.query)), sort: "newest" as const, page: 1 };
  const digest = { ...state, pageSize: ALERT_DIGEST_CAP };
  // The Where as /search reads it. One it cannot read (a place since renamed) matches nothing:
  // ignoring it would alert on every room in the city.
  const located = await resolveLocation(state, deps.places);
  const seen = (condition: ReturnType<typeof sql>) =>
    sql`exists (select 1 from ${savedSearchListings} where ${savedSearchListings.savedSearchId} = ${search.id} and ${savedSearchListings.listingId} = ${listings.listingId} and ${condition})`;
  const matching = async (also: SQL) => {
    if (!located.ok) return { listings: [] as ListingSummary[], total: 0 };
    const result = await searchListings(tx, digest, { also, location: located.search });
    // A timed-out match fails this run; the search stays due and is tried again next time.
    if (!result.ok) throw new Error(`saved search ${search.id} outran the search time limit`);
    return result;
  };
  const fresh = await matching(and(gt(listings.updatedAt, search.checkedAt), sql`not ${seen(sql`true`)}`) as SQL);
  const changed = await matching(
    seen(
      sql`(${listings.weeklyRent} < ${savedSearchListings.weeklyRent} or ${listings.availableFrom} < ${savedSearchListings.availableFrom})`,
    ),
  );
  const told = [...fresh.listings, ...changed.listings];
  if (told.length > 0) {
    const line = (listing: ListingSummary, detail = describe(listing)): AlertLine => ({
      title: listing.title,
      detail,
      url: `${deps.site.url}/listing/${listing.id}`,
    });
    const unsubscribe = unsubscribeUrl(deps, search);
    await queueMail(tx, {
      to,
      ...savedSearchAlertEmail({
        siteName: deps.site.name,
        searchName: search.name,
        searchUrl: `${deps.site.url}${searchHref(state)}`,
        unsubscribeUrl: unsubscribe,
        newListings: fresh.listings.map((listing) => line(listing)),
        moreNew: fresh.total - fresh.listings.length,
        changes: changed.listings.map((listing) => line(listing, `now ${describe(listing)}`)),
        moreChanges: changed.total - changed.listings.length,
      }),
      headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    const rows = told.map((listing) => ({
      savedSearchId: search.id,
      listingId: listing.id,
      weeklyRent: listing.weeklyRent,
      availableFrom: listing.availableFrom,
      alertedAt: now,
    }));
    await tx
      .insert(savedSearchListings)
      .values(rows)
      .onConflictDoUpdate({
        target: [savedSearchListings.savedSearchId, savedSearchListings.listingId],
        set: {
          weeklyRent: sql`excluded.weekly_rent`,
          availableFrom: sql`excluded.available_from`,
          alertedAt: sql`excluded.alerted_at`,
        },
      });
  }
  await tx
    .update(savedSearches)
    .set({ checkedAt: now, ...(told.length > 0 ? { lastAlertedAt: now } : {}), updatedAt: search.updatedAt })
    .where(eq(savedSearches.id, search.id));
  return told.map((listing) => listing.id);
}

/** Starts the alert task: every `intervalMs` (a few minutes: "instant" alerts go out on each run). */
export function startSavedSearchAlerts(
  deps: () => AlertDeps,
  options: { intervalMs: number; logger: Pick<Logger, "info" | "error"> },
) {
  return startPeriodicTask({
    name: "saved-search-alerts",
    intervalMs: options.intervalMs,
    logger: options.logger,
    async run() {
      // One clock reading per run: a search checked in this run is not due again until the next.
      const at = new Date();
      const runDeps = { ...deps(), now: () => at };
      let sent = 0;
      for (;;) {
        const batch = await sendSavedSearchAlerts(runDeps);
        sent += batch.sent;
        if (batch.searches === 0) break;
      }
      if (sent > 0) options.logger.info({ sent }, "saved-search alerts queued");
    },
  });
}
