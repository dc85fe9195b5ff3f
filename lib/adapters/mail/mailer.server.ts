import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { mailOutbox } from "~/db/schema";
import type { DatabaseHandle, Executor } from "~/lib/db/client.server";
import { env, type Env } from "~/lib/env.server";
import { logger as defaultLogger, type Logger } from "~/lib/logger.server";
import { startPeriodicTask, type PeriodicTask } from "~/lib/periodic-task.server";

/**
 * E-mail through one durable outbox. `queueMail` only validates and queues the message (one insert,
 * the same work whoever it is for), so no request waits on the mail server or can tell from its
 * timing or errors whether a message went out. The delivery worker claims due messages with
 * `FOR UPDATE SKIP LOCKED` (several instances never send one twice), sends them over SMTP, and
 * retries failures with backoff until it gives up and marks them failed. Without SMTP (the demo)
 * a message counts as delivered into the outbox, readable at /dev/mail.
 */

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, such as List-Unsubscribe; a name is letters, digits and dashes, a value one line. */
  headers?: Record<string, string>;
}

/** "smtp" when an SMTP server accepted the message, "outbox" when there is none and it was only stored. */
export type MailDelivery = "smtp" | "outbox";

export type OutboxMessage = typeof mailOutbox.$inferSelect;
export type OutboxSummary = Pick<OutboxMessage, "id" | "to" | "subject" | "status" | "delivery" | "createdAt">;

type WorkerLogger = Pick<Logger, "info" | "warn" | "error">;

/** How long a claimed message is reserved for the attempt in progress; well above the SMTP timeouts. */
export const MAIL_CLAIM_LEASE_MS = 2 * 60_000;
/** Attempts before a message is marked failed: the last retry comes about a day after the first try. */
export const MAX_MAIL_ATTEMPTS = 8;
const FIRST_RETRY_DELAY_MS = 30_000;
const MAX_RETRY_DELAY_MS = 6 * 60 * 60_000;
const MAX_ERROR_LENGTH = 1000;
// An unresponsive server must fail an attempt within seconds, not nodemailer's default minutes.
const SMTP_TIMEOUT_MS = 10_000;
const LINE_BREAK = /[\r\n]/;
const HEADER_NAME = /^[A-Za-z][A-Za-z0-9-]{0,75}$/;

/** Delay before the next attempt after `failedAttempts` failures: 30 s, 2 min, 8 min … capped at 6 h. */
export function mailRetryDelayMs(failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(MAX_RETRY_DELAY_MS, FIRST_RETRY_DELAY_MS * 4 ** Math.min(exponent, 15));
}

/** Notified by every queued message, when the transaction that queued it commits. */
const MAIL_QUEUED_CHANNEL = "mail_outbox";

/** Validates and queues one message; the delivery worker sends it. Throws only on a malformed message. */
export async function queueMail(executor: Executor, message: MailMessage): Promise<string> {
  // nodemailer encodes headers, but a line break in either is never legitimate and may be an injection attempt.
  if (LINE_BREAK.test(message.to) || LINE_BREAK.test(message.subject)) {
    throw new Error("Refusing to send e-mail: the recipient or subject contains a line break");
  }
  if (!message.to.trim()) throw new Error("Refusing to send e-mail: no recipient");
  const headers = message.headers ?? {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name) || LINE_BREAK.test(value)) {
      throw new Error("Refusing to send e-mail: a header name is malformed or a value contains a line break");
    }
  }
  const [row] = await executor
    .insert(mailOutbox)
    // Due from now by this process's clock, the one the worker compares with: the database's own
    // now() has microseconds, and a message queued within the worker's millisecond would wait a turn.
    .values({
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      headers,
      nextAttemptAt: new Date(),
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("the outbox insert returned no row");
  // Wakes the delivery worker of every instance, but only once the message can be read: woken
  // before the caller's transaction commits, a worker would find nothing and sleep for its interval.
  await executor.execute(sql`select pg_notify(${MAIL_QUEUED_CHANNEL}, '')`);
  return row.id;
}

export interface MailTransport {
  /** Hands one message to the mail server; rejects when it is not taken. */
  deliver(message: MailMessage): Promise<MailDelivery>;
}

/** Over SMTP when `smtpUrl` is set; otherwise every message is delivered into the outbox as it is. */
export function createMailTransport(options: { smtpUrl?: string | undefined; from: string }): MailTransport {
  if (!options.smtpUrl) return { deliver: () => Promise.resolve("outbox") };
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    dnsTimeout: SMTP_TIMEOUT_MS,
  });
  const server = serverName(options.smtpUrl);
  return {
    async deliver(message) {
      try {
        await transport.sendMail({ from: options.from, ...message });
        return "smtp";
      } catch (error) {
        // Never the URL itself: it may carry credentials.
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`the SMTP server ${server} did not take the message: ${reason}`, { cause: error });
      }
    },
  };
}

/** host:port of an SMTP URL, for messages that must never show its credentials. */
function serverName(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.hostname}:${url.port || (url.protocol === "smtps:" ? "465" : "587")}`;
}

/** The From header and transport the environment describes. */
export function mailSettingsFromEnv(config: Pick<Env, "SMTP_URL" | "MAIL_FROM" | "SITE_NAME" | "PUBLIC_URL">): {
  smtpUrl: string | undefined;
  from: string;
} {
  const quotedName = `"${config.SITE_NAME.replace(/["\\]/g, "\\$&")}"`;
  return {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM ?? `${quotedName} <no-reply@${new URL(config.PUBLIC_URL).hostname}>`,
  };
}

export interface DeliverOptions {
  now?: () => Date;
  logger?: WorkerLogger;
  batchSize?: number;
  /** Keep a sent message's body (for /dev/mail). Production clears it: no sign-in link rests in the database. */
  keepBodies: boolean;
}

export interface DeliverResult {
  attempted: number;
  sent: number;
  failed: number;
}

/** Claims the due pending messages and tries each once, recording the outcome on its row. */
export async function deliverQueuedMail(
  executor: Executor,
  transport: MailTransport,
  { now = () => new Date(), logger = defaultLogger, batchSize = 20, keepBodies }: DeliverOptions,
): Promise<DeliverResult> {
  const at = now();
  const due = executor
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, at)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const claimed = await executor
    .update(mailOutbox)
    .set({ nextAttemptAt: new Date(at.getTime() + MAIL_CLAIM_LEASE_MS) })
    .where(and(inArray(mailOutbox.id, due), eq(mailOutbox.status, "pending")))
    .returning();

  const result: DeliverResult = { attempted: claimed.length, sent: 0, failed: 0 };
  for (const row of claimed) {
    const pending = and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, "pending"));
    try {
      const delivery = await transport.deliver({
        to: row.to,
        subject: row.subject,
        html: row.html,
        text: row.text,
        headers: row.headers,
      });
      await executor
        .update(mailOutbox)
        .set({
          status: "sent",
          delivery,
          sentAt: now(),
          attempts: sql`${mailOutbox.attempts} + 1`,
          lastError: null,
          ...(keepBodies ? {} : { html: "", text: "" }),
        })
        .where(pending);
      result.sent += 1;
    } catch (error) {
      const attempts = row.attempts + 1;
      const gaveUp = attempts >= MAX_MAIL_ATTEMPTS;
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
      await executor
        .update(mailOutbox)
        .set({
          attempts,
          lastError,
          ...(gaveUp
            ? { status: "failed" as const }
            : { nextAttemptAt: new Date(now().getTime() + mailRetryDelayMs(attempts)) }),
        })
        .where(pending);
      const log = { mailId: row.id, attempts, err: lastError };
      if (gaveUp) logger.error(log, "e-mail could not be delivered; giving up");
      else logger.warn(log, "e-mail not delivered yet; will retry");
      result.failed += 1;
    }
  }
  return result;
}

export interface MailDeliveryOptions {
  /** Time between runs when nothing is queued; a queued message wakes the worker at once. */
  intervalMs: number;
  /** Subscribes to the database's notifications (`DatabaseHandle.listen`), which wake the worker. */
  listen: DatabaseHandle["listen"];
  /** The database the outbox is in, read at each run. */
  database: () => Executor;
  transport?: MailTransport;
  keepBodies?: boolean;
  logger?: WorkerLogger;
}

/** Starts the delivery worker: it runs every `intervalMs` and right after any message is queued. */
export async function startMailDelivery(options: MailDeliveryOptions): Promise<PeriodicTask> {
  const config = env();
  const logger = options.logger ?? defaultLogger;
  const transport = options.transport ?? createMailTransport(mailSettingsFromEnv(config));
  if (!config.SMTP_URL) logger.info("SMTP_URL is not set: e-mail is kept in mail_outbox (see /dev/mail)");
  const task = startPeriodicTask({
    name: "mail-delivery",
    intervalMs: options.intervalMs,
    logger,
    async run() {
      const executor = options.database();
      const deliverOptions = { logger, keepBodies: options.keepBodies ?? !config.PRODUCTION };
      // Drain what is due, a batch at a time.
      while ((await deliverQueuedMail(executor, transport, deliverOptions)).attempted > 0);
    },
  });
  const stopListening = await options.listen(MAIL_QUEUED_CHANNEL, task.runNow);
  return {
    runNow: task.runNow,
    async stop() {
      await stopListening();
      await task.stop();
    },
  };
}

/** The newest messages in the outbox, without their bodies. */
export function listOutbox(executor: Executor, limit = 50): Promise<OutboxSummary[]> {
  return executor
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      delivery: mailOutbox.delivery,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One outbox message; undefined when there is none with that id (or the id is not a UUID). */
export async function findOutboxMessage(executor: Executor, id: string): Promise<OutboxMessage | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await executor.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row;
}
