import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { identityChecks, identityEvents, profiles } from "~/db/schema";
import {
  IdentityNotConfiguredError,
  IdentitySignatureError,
  type IdentityEvent,
} from "~/lib/adapters/identity/identity-adapter";
import type { Executor } from "~/lib/db/client.server";
import { createRateLimiter } from "~/lib/rate-limit.server";
import type { Viewer } from "~/modules/auth/viewer";
import type { IdentityDeps } from "~/modules/identity/identity-deps";
import type { IdentityRefusal } from "~/modules/identity/identity-refusal-code";
import {
  failureReasonFor,
  identityState,
  initialsOf,
  sameLegalName,
  verificationExpiresAt,
  type IdentityState,
} from "~/modules/identity/identity-rules";
import { accountNameHash } from "~/modules/identity/internal/name-hash.server";

/** Checks a person may start: each one opens a session at the provider (which charges per check). */
export const IDENTITY_START_RATE_LIMIT = { limit: 5, windowMs: 60 * 60_000 } as const;
const startLimiter = createRateLimiter({ name: "identity-start", ...IDENTITY_START_RATE_LIMIT });

const nowOf = (deps: IdentityDeps) => deps.now?.() ?? new Date();

export type StartResult = { ok: true; url: string } | { ok: false; reason: IdentityRefusal };

export interface IdentityOverview {
  state: IdentityState;
  /** Whether the account has the first and last name a check compares the document with. */
  hasName: boolean;
}

/** The viewer's checks, newest first, each with whether the account's name is still the one checked. */
async function checksOf(db: Executor, userId: string) {
  return db
    .select({
      status: identityChecks.status,
      failureReason: identityChecks.failureReason,
      verifiedAt: identityChecks.verifiedAt,
      expiresAt: identityChecks.expiresAt,
      initials: identityChecks.initials,
      documentCountry: identityChecks.documentCountry,
      nameMatches: sql<boolean>`coalesce(${identityChecks.nameHash} = ${accountNameHash(profiles.firstName, profiles.lastName)}, false)`,
    })
    .from(identityChecks)
    .innerJoin(profiles, eq(profiles.id, identityChecks.userId))
    .where(eq(identityChecks.userId, userId))
    .orderBy(desc(identityChecks.createdAt))
    .limit(20);
}

/** The account page's section: the viewer's state and whether they can start a check. */
export async function identityOverview(deps: IdentityDeps, viewer: Viewer): Promise<IdentityOverview> {
  const [checks, [profile]] = await Promise.all([
    checksOf(deps.db, viewer.id),
    deps.db
      .select({ firstName: profiles.firstName, lastName: profiles.lastName })
      .from(profiles)
      .where(eq(profiles.id, viewer.id)),
  ]);
  return {
    state: identityState(checks, nowOf(deps)),
    hasName: Boolean(profile?.firstName?.trim() && profile.lastName?.trim()),
  };
}

/**
 * Starts a check: our row first (its id is in the return address), then the provider's session.
 * Refused without a first and last name to compare the document with, while a check holds, in a
 * flood, and by the sandbox in production. A failed start leaves no row.
 */
export async function startIdentityVerification(deps: IdentityDeps, viewer: Viewer): Promise<StartResult> {
  const overview = await identityOverview(deps, viewer);
  if (!overview.hasName) return { ok: false, reason: "name-required" };
  if (overview.state.kind === "verified") return { ok: false, reason: "already-verified" };
  const limit = await startLimiter.hit(viewer.id);
  if (!limit.allowed) return { ok: false, reason: "rate-limited" };
  const checkId = randomUUID();
  await deps.db.insert(identityChecks).values({ id: checkId, userId: viewer.id, provider: deps.identity.provider });
  try {
    const session = await deps.identity.createSession(
      { userId: viewer.id, returnUrl: `${deps.site.url}/settings/account/identity/${checkId}` },
      `identity:${checkId}`,
    );
    if (!session.url) throw new Error("the provider returned a session without an address");
    await deps.db.update(identityChecks).set({ sessionId: session.id }).where(eq(identityChecks.id, checkId));
    return { ok: true, url: session.url };
  } catch (error) {
    await deps.db.delete(identityChecks).where(eq(identityChecks.id, checkId));
    return { ok: false, reason: error instanceof IdentityNotConfiguredError ? "not-configured" : "provider-error" };
  }
}

/** Back from the provider: the viewer's own check is synced now, not only when its webhook arrives. */
export async function returnFromVerification(
  deps: IdentityDeps,
  viewer: Viewer,
  checkId: string,
): Promise<{ ok: true } | { ok: false; reason: "not-found" }> {
  const [row] = await deps.db
    .select({ sessionId: identityChecks.sessionId })
    .from(identityChecks)
    .where(and(eq(identityChecks.id, checkId), eq(identityChecks.userId, viewer.id)));
  if (!row?.sessionId) return { ok: false, reason: "not-found" };
  await syncIdentitySession(deps, row.sessionId);
  return { ok: true };
}

/** "updated": our check was written; "not-ours": no check of ours has this session; "duplicate": a replayed event. */
export type IdentitySyncOutcome = "updated" | "not-ours" | "duplicate";

/**
 * The one way a provider's result becomes ours: reads the session from the provider and writes
 * the check's outcome in one transaction, with the event's id when an event brought it (so a
 * replay changes nothing). A verified document whose name is not the account's fails as
 * name-mismatch. Only the initials, the document's country and the dates are kept.
 */
export async function syncIdentitySession(
  deps: IdentityDeps,
  sessionId: string,
  options: { event?: IdentityEvent } = {},
): Promise<IdentitySyncOutcome> {
  const session = await deps.identity.retrieveSession(sessionId);
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    if (options.event && !(await recordEvent(tx, options.event, now))) return "duplicate";
    const [check] = await tx
      .select({ id: identityChecks.id, userId: identityChecks.userId, status: identityChecks.status })
      .from(identityChecks)
      .where(eq(identityChecks.sessionId, sessionId))
      .for("update");
    if (!check || !session || session.userId !== check.userId) return "not-ours";
    if (check.status === "verified") return "updated";
    const [account] = await tx
      .select({ firstName: profiles.firstName, lastName: profiles.lastName })
      .from(profiles)
      .where(eq(profiles.id, check.userId))
      .for("update");
    if (!account) return "not-ours";
    const fail = (reason: string) =>
      tx.update(identityChecks).set({ status: "failed", failureReason: reason }).where(eq(identityChecks.id, check.id));

    if (session.status === "verified") {
      const named = session.verifiedName;
      const accountName = { firstName: account.firstName ?? "", lastName: account.lastName ?? "" };
      if (!named || !sameLegalName(named, accountName)) {
        await fail("name-mismatch");
        return "updated";
      }
      await tx
        .update(identityChecks)
        .set({
          status: "verified",
          failureReason: null,
          initials: initialsOf(named),
          documentCountry: session.documentCountry?.toUpperCase().slice(0, 2) ?? null,
          verifiedAt: now,
          expiresAt: verificationExpiresAt(now),
          nameHash: sql`(select ${accountNameHash(profiles.firstName, profiles.lastName)} from ${profiles} where ${profiles.id} = ${check.userId})`,
        })
        .where(eq(identityChecks.id, check.id));
    } else if (session.status === "canceled") {
      await fail("not-completed");
    } else if (session.status === "requires_input" && session.lastErrorCode) {
      await fail(failureReasonFor(session.lastErrorCode));
    }
    return "updated";
  });
}

async function recordEvent(tx: Executor, event: IdentityEvent, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(identityEvents)
    .values({ id: event.id, type: event.type, sessionId: event.sessionId, processedAt: now })
    .onConflictDoNothing({ target: identityEvents.id })
    .returning({ id: identityEvents.id });
  return rows.length > 0;
}

export type IdentityWebhookResult =
  | { ok: true; outcome: "processed" | "duplicate" | "ignored" }
  | { ok: false; reason: "bad-signature" | "failed"; message: string };

/**
 * One delivered identity webhook: the signature (and its age, either way) is checked on the raw
 * body first, and a bad one changes nothing; a verification session's event syncs it, recording
 * the event id in the same transaction; other events are recorded and ignored. A failure rolls
 * everything back and is reported, so the provider delivers the event again.
 */
export async function handleIdentityWebhook(
  deps: IdentityDeps,
  payload: string,
  signature: string | undefined,
): Promise<IdentityWebhookResult> {
  let event: IdentityEvent;
  try {
    event = deps.identity.verifyEvent(payload, signature ?? "");
  } catch (error) {
    if (error instanceof IdentitySignatureError) return { ok: false, reason: "bad-signature", message: error.message };
    throw error;
  }
  try {
    if (!event.type.startsWith("identity.verification_session.") || !event.sessionId) {
      const fresh = await deps.db.transaction((tx) => recordEvent(tx, event, nowOf(deps)));
      return { ok: true, outcome: fresh ? "ignored" : "duplicate" };
    }
    const outcome = await syncIdentitySession(deps, event.sessionId, { event });
    return { ok: true, outcome: outcome === "duplicate" ? "duplicate" : "processed" };
  } catch (error) {
    return { ok: false, reason: "failed", message: error instanceof Error ? error.message : String(error) };
  }
}
