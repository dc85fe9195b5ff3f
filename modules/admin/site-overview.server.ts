import { and, count, eq, gte, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { conversations, listings } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { canUseBackOffice } from "~/modules/admin/access";
import {
  dailyFigures,
  lastDays,
  OVERVIEW_DAYS,
  OVERVIEW_TIME_ZONE,
  type DayFigures,
} from "~/modules/admin/site-overview";
import type { Viewer } from "~/modules/auth/viewer";
import { readSubscriptionMetrics } from "~/modules/billing/subscription-metrics.server";
import type { SubscriptionMetrics } from "~/modules/billing/subscription-metrics";
import { publiclyVisibleSql } from "~/modules/listings/visibility.server";

export interface SiteOverview {
  /** Public and available to rent now. */
  listingsLive: number;
  days: DayFigures[];
  subscriptions: SubscriptionMetrics;
}

/** Events per Melbourne calendar day since `from`. */
function perDay(db: Executor, table: PgTable, at: PgColumn, from: Date, where?: SQL) {
  // The zone as a literal (a constant): select and group by must be the same expression, not two parameters.
  const day = sql<string>`to_char(${at} at time zone ${sql.raw(`'${OVERVIEW_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  return db
    .select({ day, count: count() })
    .from(table)
    .where(and(gte(at, from), where))
    .groupBy(day);
}

/**
 * The admin home's site overview for staff and admins: listings live now; new listings, enquiries
 * and lets per day over the last 30 days (a let is a conversation closed as let, on the day of its
 * last message, the closing notice); and the subscription figures (ADR 105).
 */
export async function siteOverview(
  db: Executor,
  viewer: Viewer,
  now = new Date(),
): Promise<{ ok: true; overview: SiteOverview } | { ok: false; reason: "forbidden" }> {
  if (!canUseBackOffice(viewer)) return { ok: false, reason: "forbidden" };
  const days = lastDays(now, OVERVIEW_DAYS);
  // From the start of the first day in Melbourne; a day's slack either side is trimmed by `dailyFigures`.
  const from = new Date(Date.parse(`${days[0]}T00:00:00Z`) - 24 * 60 * 60_000);
  const [[live], newListings, enquiries, lets, subscriptions] = await Promise.all([
    db
      .select({ total: count() })
      .from(listings)
      .where(and(publiclyVisibleSql(), eq(listings.status, "available"))),
    perDay(db, listings, listings.createdAt, from),
    perDay(db, conversations, conversations.createdAt, from),
    perDay(db, conversations, conversations.lastMessageAt, from, eq(conversations.status, "let")),
    readSubscriptionMetrics(db, now, OVERVIEW_DAYS),
  ]);
  return {
    ok: true,
    overview: {
      listingsLive: live?.total ?? 0,
      days: dailyFigures(days, { newListings, enquiries, lets }),
      subscriptions,
    },
  };
}
