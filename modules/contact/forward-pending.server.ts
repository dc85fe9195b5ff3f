import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { contactMessages } from "~/db/schema";
import type { ContactFormMessage, FormsAdapter } from "~/lib/adapters/forms/forms-adapter";
import type { Database } from "~/lib/db/client.server";
import { logger as defaultLogger, type Logger } from "~/lib/logger.server";
import { startPeriodicTask } from "~/lib/periodic-task.server";

/**
 * Forwarding stored contact messages to the forms provider, and the retry worker.
 *
 * Delivery is at-least-once: a message is claimed by moving its next_attempt_at one lease ahead
 * (so no other attempt, in this process or another instance, picks it up meanwhile), then handed
 * to the adapter, then marked forwarded, or its error recorded with the next attempt scheduled
 * with exponential backoff. A process that dies mid-attempt leaves the message pending and the
 * lease runs out, so another worker tries again. (HubSpot's endpoint takes no idempotency key, so
 * a submission that reached HubSpot but whose answer was lost is sent again.)
 */

/** How long a claimed message is reserved for the attempt in progress; well above any adapter timeout. */
export const CLAIM_LEASE_MS = 2 * 60_000;
export const FIRST_RETRY_DELAY_MS = 60_000;
export const MAX_RETRY_DELAY_MS = 60 * 60_000;
/** The page name sent with each message (the provider's context.pageName). */
export const CONTACT_PAGE_NAME = "Contact Us";
const MAX_ERROR_LENGTH = 1000;

type ContactMessageRow = typeof contactMessages.$inferSelect;
type WorkerLogger = Pick<Logger, "info" | "warn" | "error">;

/** Delay before the next attempt after `failedAttempts` failures: 1 min, 2, 4 … capped at 1 h. */
export function retryDelayMs(failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(MAX_RETRY_DELAY_MS, FIRST_RETRY_DELAY_MS * 2 ** Math.min(exponent, 30));
}

export function toFormsMessage(row: ContactMessageRow, pageName = CONTACT_PAGE_NAME): ContactFormMessage {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    message: row.message,
    pageUri: row.pageUri ?? "",
    pageName,
  };
}

export interface ForwardOptions {
  now?: () => Date;
  logger?: WorkerLogger;
  pageName?: string;
}

/**
 * One delivery attempt for a message this caller has claimed; records the outcome on the row.
 * Never throws: resolves true when the provider accepted the message.
 */
export async function forwardMessage(
  database: Database,
  adapter: FormsAdapter,
  row: ContactMessageRow,
  options: ForwardOptions = {},
): Promise<boolean> {
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? defaultLogger;
  const pending = and(eq(contactMessages.id, row.id), eq(contactMessages.forwardStatus, "pending"));
  try {
    await adapter.submit(toFormsMessage(row, options.pageName));
  } catch (error) {
    const attempts = row.forwardAttempts + 1;
    const delay = retryDelayMs(attempts);
    const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
    logger.warn(
      { contactMessageId: row.id, provider: adapter.provider, attempts, retryInMs: delay, err: message },
      "contact message not forwarded; will retry",
    );
    try {
      await database
        .update(contactMessages)
        .set({
          forwardAttempts: sql`${contactMessages.forwardAttempts} + 1`,
          lastError: message,
          nextAttemptAt: new Date(now().getTime() + delay),
        })
        .where(pending);
    } catch (recordError) {
      // The lease expires and the worker tries again.
      logger.error({ contactMessageId: row.id, err: recordError }, "could not record a failed forwarding attempt");
    }
    return false;
  }
  try {
    await database
      .update(contactMessages)
      .set({
        forwardStatus: "forwarded",
        forwardedAt: now(),
        forwardAttempts: sql`${contactMessages.forwardAttempts} + 1`,
        lastError: null,
      })
      .where(pending);
    logger.info({ contactMessageId: row.id, provider: adapter.provider }, "contact message forwarded");
  } catch (recordError) {
    // Delivered but not recorded: after the lease it is sent again (at-least-once).
    logger.error({ contactMessageId: row.id, err: recordError }, "contact message forwarded but not marked");
  }
  return true;
}

export interface ForwardPendingOptions extends ForwardOptions {
  /** Messages claimed per run. */
  batchSize?: number;
}

export interface ForwardPendingResult {
  attempted: number;
  forwarded: number;
  failed: number;
}

/**
 * Claims the pending messages that are due (next_attempt_at <= now) and tries each once.
 * The claim is one UPDATE over a `FOR UPDATE SKIP LOCKED` sub-select, so concurrent workers on
 * PostgreSQL never claim the same message; PGlite runs the same SQL in its single connection.
 */
export async function forwardPendingMessages(
  database: Database,
  adapter: FormsAdapter,
  options: ForwardPendingOptions = {},
): Promise<ForwardPendingResult> {
  const now = options.now ?? (() => new Date());
  const at = now();
  const due = database
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(and(eq(contactMessages.forwardStatus, "pending"), lte(contactMessages.nextAttemptAt, at)))
    .orderBy(asc(contactMessages.nextAttemptAt))
    .limit(options.batchSize ?? 20)
    .for("update", { skipLocked: true });
  const claimed = await database
    .update(contactMessages)
    .set({ nextAttemptAt: new Date(at.getTime() + CLAIM_LEASE_MS) })
    .where(and(inArray(contactMessages.id, due), eq(contactMessages.forwardStatus, "pending")))
    .returning();

  const result: ForwardPendingResult = { attempted: claimed.length, forwarded: 0, failed: 0 };
  // One at a time: a handful of messages a minute at most, and it keeps the provider's rate limits happy.
  for (const row of claimed) {
    if (await forwardMessage(database, adapter, row, options)) result.forwarded += 1;
    else result.failed += 1;
  }
  return result;
}

export interface ContactForwarderOptions extends ForwardPendingOptions {
  /** Time between runs; the first run starts right away. */
  intervalMs: number;
  adapter: FormsAdapter;
}

/**
 * Runs forwardPendingMessages every `intervalMs` until the returned stop function is called (see
 * startPeriodicTask); stop resolves once a run in progress has finished.
 */
export function startContactForwarder(db: Database, options: ContactForwarderOptions): () => Promise<void> {
  const logger = options.logger ?? defaultLogger;
  const task = startPeriodicTask({
    name: "contact-forwarder",
    intervalMs: options.intervalMs,
    logger,
    async run() {
      const result = await forwardPendingMessages(db, options.adapter, options);
      if (result.attempted > 0) logger.info(result, "contact forwarder run");
    },
  });
  return () => task.stop();
}
