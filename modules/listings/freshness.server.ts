import { and, eq, inArray, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import { listings, users } from "~/db/schema";
import { type MailMessage, queueMail } from "~/lib/adapters/mail/mailer.server";
import type { Database, Executor } from "~/lib/db/client.server";
import type { Logger } from "~/lib/logger.server";
import { startPeriodicTask } from "~/lib/periodic-task.server";
import { signToken, verifyToken } from "~/lib/signed-token.server";
import type { Viewer } from "~/modules/auth/viewer";
import { DAY_MS, FRESHNESS_ASK_AFTER_DAYS, FRESHNESS_PAUSE_AFTER_DAYS } from "~/modules/listings/freshness";
import { managedListings } from "~/modules/listings/listing-scope.server";
import { statusChange } from "~/modules/listings/status-change.server";
import { listingsPausedEmail, stillAvailableEmail } from "~/modules/mail/saved-search-emails";

/** The database, the site, the link-signing secret and a clock (tests move it). */
export interface FreshnessDeps {
  db: Database;
  site: { name: string; url: string };
  secret: string;
  now?: () => Date;
}

/** Development runs may be limited to some listings, so moving the clock leaves the others alone. */
export interface FreshnessScope {
  listingIds?: string[];
}

const inScope = (scope: FreshnessScope) =>
  scope.listingIds ? inArray(listings.listingId, scope.listingIds) : undefined;

export const FRESHNESS_ACTIONS = ["confirm", "let"] as const;
export type FreshnessAction = (typeof FRESHNESS_ACTIONS)[number];

const PURPOSE = "listing-freshness";
const BATCH = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Last update or confirmation, as SQL (freshness.ts `listingFreshAt`). */
const FRESH_AT = sql`greatest(${listings.updatedAt}, coalesce(${listings.confirmedAt}, ${listings.updatedAt}))`;

const askStamp = (askedAt: Date | null) => askedAt?.toISOString() ?? "never";

/**
 * A freshness link's token: the listing, the action, and a signature over both, its landlord and
 * the time they were last asked. A new question (every 14 days) replaces the earlier links.
 */
export function freshnessToken(
  secret: string,
  listing: { listingId: string; landlordId: string | null; freshnessAskedAt: Date | null },
  action: FreshnessAction,
): string {
  const signature = signToken(
    secret,
    PURPOSE,
    listing.listingId,
    action,
    listing.landlordId ?? "",
    askStamp(listing.freshnessAskedAt),
  );
  return `${listing.listingId}.${action}.${signature}`;
}

function freshnessUrl(
  deps: Pick<FreshnessDeps, "site" | "secret">,
  listing: Parameters<typeof freshnessToken>[1],
  action: FreshnessAction,
) {
  return `${deps.site.url}/listing-freshness/${freshnessToken(deps.secret, listing, action)}`;
}

export type FreshnessTarget =
  | {
      ok: true;
      value: { listingId: string; title: string; action: FreshnessAction; status: string; paused: boolean };
    }
  | { ok: false; reason: "invalid-token" };

/** What a freshness token points at; refused when forged, altered, superseded or the listing changed hands. */
export async function readFreshnessToken(db: Executor, secret: string, token: string): Promise<FreshnessTarget> {
  const [listingId = "", action = "", signature = "", extra] = token.split(".");
  const knownAction = FRESHNESS_ACTIONS.find((candidate) => candidate === action);
  if (extra !== undefined || !UUID.test(listingId) || !knownAction || signature.length > 100) {
    return { ok: false, reason: "invalid-token" };
  }
  const [row] = await db.select().from(listings).where(eq(listings.listingId, listingId)).limit(1);
  if (
    !row?.landlordId ||
    !verifyToken(secret, signature, PURPOSE, row.listingId, knownAction, row.landlordId, askStamp(row.freshnessAskedAt))
  ) {
    return { ok: false, reason: "invalid-token" };
  }
  return {
    ok: true,
    value: {
      listingId: row.listingId,
      title: row.listingTitle,
      action: knownAction,
      status: row.status,
      paused: row.freshnessPausedAt !== null,
    },
  };
}

/** Confirmed as available now, and resumed if it was paused; a resumed listing counts as newly listed. */
function confirmedAt(now: Date) {
  return {
    confirmedAt: now,
    freshnessPausedAt: null,
    updatedAt: sql`case when ${listings.freshnessPausedAt} is null then ${listings.updatedAt} else ${now} end`,
  };
}

/**
 * Acts on a freshness link (idempotent): "confirm" keeps an available listing listed (and resumes
 * a paused one); "let" marks it let. A moderated listing's status is never changed here.
 */
export async function applyFreshnessToken(
  db: Executor,
  secret: string,
  token: string,
  now: Date = new Date(),
): Promise<FreshnessTarget> {
  const target = await readFreshnessToken(db, secret, token);
  if (!target.ok) return target;
  const { listingId, action } = target.value;
  if (action === "confirm") {
    await db.update(listings).set(confirmedAt(now)).where(eq(listings.listingId, listingId));
  } else {
    await db
      .update(listings)
      .set({ ...statusChange("let", now), confirmedAt: now, freshnessPausedAt: null })
      .where(and(eq(listings.listingId, listingId), inArray(listings.status, ["available", "let"])));
  }
  return readFreshnessToken(db, secret, token);
}

/** Resumes a paused listing from Your Properties (the viewer must manage it; otherwise not found). */
export async function resumeListing(
  db: Executor,
  viewer: Viewer,
  listingId: string,
  now: Date = new Date(),
): Promise<{ ok: true } | { ok: false; reason: "not-found" }> {
  if (!UUID.test(listingId)) return { ok: false, reason: "not-found" };
  const resumed = await db
    .update(listings)
    .set(confirmedAt(now))
    .where(and(eq(listings.listingId, listingId), managedListings(viewer)))
    .returning({ id: listings.listingId });
  return resumed.length > 0 ? { ok: true } : { ok: false, reason: "not-found" };
}

type ClaimedListing = Pick<
  typeof listings.$inferSelect,
  "listingId" | "listingTitle" | "landlordId" | "freshnessAskedAt"
> & { email: string };

function byLandlord(rows: ClaimedListing[]): Map<string, ClaimedListing[]> {
  const groups = new Map<string, ClaimedListing[]>();
  for (const row of rows) groups.set(row.email, [...(groups.get(row.email) ?? []), row]);
  return groups;
}

const claimColumns = {
  listingId: listings.listingId,
  listingTitle: listings.listingTitle,
  landlordId: listings.landlordId,
  freshnessAskedAt: listings.freshnessAskedAt,
  email: users.email,
};

/**
 * Claims a batch of available, unpaused listings that meet every `due` condition (SKIP LOCKED),
 * stamps them and queues one e-mail a landlord in the same transaction, so several instances
 * claim each listing once. Returns how many were claimed.
 */
async function claimAndTellLandlords(
  deps: FreshnessDeps,
  scope: FreshnessScope,
  due: SQL[],
  stamp: { freshnessAskedAt: Date } | { freshnessPausedAt: Date },
  email: (rows: ClaimedListing[]) => Omit<MailMessage, "to">,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .select(claimColumns)
      .from(listings)
      .innerJoin(users, eq(users.id, listings.landlordId))
      .where(and(inScope(scope), eq(listings.status, "available"), isNull(listings.freshnessPausedAt), ...due))
      .limit(BATCH)
      .for("update", { of: listings, skipLocked: true });
    if (claimed.length === 0) return 0;
    await tx
      .update(listings)
      .set({ ...stamp, updatedAt: sql`${listings.updatedAt}` })
      .where(
        inArray(
          listings.listingId,
          claimed.map((row) => row.listingId),
        ),
      );
    for (const [to, rows] of byLandlord(claimed)) {
      await queueMail(tx, { to, ...email(rows) });
    }
    return claimed.length;
  });
}

/**
 * Asks each landlord, in one e-mail, about their available listings neither updated nor confirmed
 * for 14 days and not asked since (so every 14 days while the landlord keeps confirming). Claimed with SKIP LOCKED and stamped in the transaction
 * that queues the e-mail, so several instances ask once.
 */
export async function askLandlordsToConfirm(deps: FreshnessDeps, scope: FreshnessScope = {}): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const before = new Date(now.getTime() - FRESHNESS_ASK_AFTER_DAYS * DAY_MS);
  return claimAndTellLandlords(
    deps,
    scope,
    [
      lte(FRESH_AT, before),
      // Once per stale spell: asked again only after a confirmation or an update.
      sql`(${listings.freshnessAskedAt} is null or ${listings.freshnessAskedAt} < ${FRESH_AT})`,
    ],
    { freshnessAskedAt: now },
    (rows) =>
      stillAvailableEmail({
        siteName: deps.site.name,
        propertiesUrl: `${deps.site.url}/settings/properties`,
        listings: rows.map((row) => {
          const asked = { ...row, freshnessAskedAt: now };
          return {
            title: row.listingTitle,
            confirmUrl: freshnessUrl(deps, asked, "confirm"),
            markLetUrl: freshnessUrl(deps, asked, "let"),
          };
        }),
      }),
  );
}

/**
 * Pauses available listings neither updated nor confirmed for 30 days whose landlord was asked at
 * least 14 days ago (never without a question first), and tells each landlord how to resume.
 */
export async function pauseUnconfirmedListings(deps: FreshnessDeps, scope: FreshnessScope = {}): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const askedBefore = new Date(now.getTime() - FRESHNESS_ASK_AFTER_DAYS * DAY_MS);
  return claimAndTellLandlords(
    deps,
    scope,
    [
      lte(FRESH_AT, new Date(now.getTime() - FRESHNESS_PAUSE_AFTER_DAYS * DAY_MS)),
      isNotNull(listings.freshnessAskedAt),
      lte(listings.freshnessAskedAt, askedBefore),
    ],
    { freshnessPausedAt: now },
    (rows) =>
      listingsPausedEmail({
        siteName: deps.site.name,
        propertiesUrl: `${deps.site.url}/settings/properties`,
        titles: rows.map((row) => row.listingTitle),
        resumeUrls: rows.map((row) => freshnessUrl(deps, row, "confirm")),
      }),
  );
}

/** Starts the freshness task (questions, then pauses); returns it. */
export function startListingFreshness(
  deps: () => FreshnessDeps,
  options: { intervalMs: number; logger: Pick<Logger, "info" | "error"> },
) {
  return startPeriodicTask({
    name: "listing-freshness",
    intervalMs: options.intervalMs,
    logger: options.logger,
    async run() {
      const at = new Date();
      const runDeps = { ...deps(), now: () => at };
      let asked = 0;
      let paused = 0;
      for (let batch = await askLandlordsToConfirm(runDeps); batch > 0; batch = await askLandlordsToConfirm(runDeps))
        asked += batch;
      for (
        let batch = await pauseUnconfirmedListings(runDeps);
        batch > 0;
        batch = await pauseUnconfirmedListings(runDeps)
      )
        paused += batch;
      if (asked + paused > 0) options.logger.info({ asked, paused }, "listing freshness checked");
    },
  });
}
