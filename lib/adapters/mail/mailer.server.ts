import { desc, eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { mailOutbox } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { db } from "~/lib/db/index.server";
import { env, type Env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** "smtp" when an SMTP server accepted the message, "outbox" when it was only stored. */
export type MailDelivery = "smtp" | "outbox";

export type OutboxMessage = typeof mailOutbox.$inferSelect;
export type OutboxSummary = Pick<OutboxMessage, "id" | "to" | "subject" | "delivery" | "createdAt">;

export interface MailerOptions {
  /** smtp:// or smtps:// URL (credentials included); without it messages are only stored in mail_outbox. */
  smtpUrl?: string | undefined;
  /** The From header, e.g. `"Laneway Rooms" <no-reply@lanewayrooms.com.au>`. */
  from: string;
  /**
   * Also keep a copy of every message sent over SMTP, for the /dev/mail viewer (outside
   * production). Messages are stored whenever there is no SMTP server, whatever this says.
   */
  storeInOutbox: boolean;
  /** Where the outbox lives; called per message, so the process-wide handle opens on first use. */
  executor: () => Executor;
}

export interface Mailer {
  send(message: MailMessage): Promise<MailDelivery>;
}

/** The SMTP server did not take the message; nothing was stored, so the caller decides what to do. */
export class MailDeliveryError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "MailDeliveryError";
  }
}

// An unresponsive server must fail a send within seconds, not nodemailer's default minutes.
const SMTP_TIMEOUT_MS = 10_000;
const LINE_BREAK = /[\r\n]/;

export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
        dnsTimeout: SMTP_TIMEOUT_MS,
      })
    : undefined;
  const server = options.smtpUrl ? serverName(options.smtpUrl) : undefined;
  let warned = false;

  async function store(message: MailMessage, delivery: MailDelivery): Promise<void> {
    await options
      .executor()
      .insert(mailOutbox)
      .values({ to: message.to, subject: message.subject, html: message.html, text: message.text, delivery });
  }

  return {
    async send(message) {
      // nodemailer encodes headers, but a line break in either is never legitimate and may be an injection attempt.
      if (LINE_BREAK.test(message.to) || LINE_BREAK.test(message.subject)) {
        throw new Error("Refusing to send e-mail: the recipient or subject contains a line break");
      }
      if (!message.to.trim()) throw new Error("Refusing to send e-mail: no recipient");

      if (!transport) {
        if (!warned) {
          warned = true;
          if (options.storeInOutbox)
            logger.info("SMTP_URL is not set: e-mail is stored in mail_outbox (see /dev/mail)");
          else logger.warn("SMTP_URL is not set: e-mail is NOT delivered, only stored in mail_outbox");
        }
        await store(message, "outbox");
        return "outbox";
      }

      let messageId: string | undefined;
      try {
        const info = await transport.sendMail({ from: options.from, ...message });
        messageId = info.messageId;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        logger.error({ err: error, smtpServer: server }, "e-mail could not be sent over SMTP");
        throw new MailDeliveryError(`E-mail could not be sent through the SMTP server ${server}: ${reason}`, {
          cause: error,
        });
      }
      logger.info({ messageId }, "e-mail accepted by the SMTP server");
      if (options.storeInOutbox) {
        // The message is already on its way; a failed development copy must not report the send as failed.
        await store(message, "smtp").catch((error: unknown) =>
          logger.error({ err: error }, "sent e-mail could not be copied to mail_outbox"),
        );
      }
      return "smtp";
    },
  };
}

/** host:port of an SMTP URL, for messages that must never show its credentials. */
function serverName(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.hostname}:${url.port || (url.protocol === "smtps:" ? "465" : "587")}`;
}

/** The mailer settings the environment describes. */
export function mailerOptionsFromEnv(
  config: Pick<Env, "SMTP_URL" | "MAIL_FROM" | "SITE_NAME" | "PUBLIC_URL" | "NODE_ENV">,
): Omit<MailerOptions, "executor"> {
  const quotedName = `"${config.SITE_NAME.replace(/["\\]/g, "\\$&")}"`;
  return {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM ?? `${quotedName} <no-reply@${new URL(config.PUBLIC_URL).hostname}>`,
    storeInOutbox: config.NODE_ENV !== "production",
  };
}

let defaultMailer: Mailer | undefined;

/**
 * Sends one message as configured: over SMTP when SMTP_URL is set (rejecting with a
 * MailDeliveryError when the server does not take it), else into mail_outbox.
 */
export async function sendMail(message: MailMessage): Promise<void> {
  defaultMailer ??= createMailer({ ...mailerOptionsFromEnv(env()), executor: db });
  await defaultMailer.send(message);
}

/** The newest messages in the outbox, without their bodies. */
export function listOutbox(limit = 50, executor: Executor = db()): Promise<OutboxSummary[]> {
  return executor
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      delivery: mailOutbox.delivery,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One outbox message; undefined when there is none with that id (or the id is not a UUID). */
export async function findOutboxMessage(id: string, executor: Executor = db()): Promise<OutboxMessage | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await executor.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row;
}
