import { contactMessages } from "~/db/schema";
import type { FormsAdapter } from "~/lib/adapters/forms/forms-adapter";
import type { Database } from "~/lib/db/client.server";
import { logger as defaultLogger, type Logger } from "~/lib/logger.server";
import { createRateLimiter } from "~/lib/rate-limit.server";
import type { ContactInput } from "~/modules/contact/contact-schema";
import { CLAIM_LEASE_MS, CONTACT_PAGE_NAME, forwardMessage } from "~/modules/contact/forward-pending.server";

/**
 * Taking a contact-form message: it is stored in contact_messages first, and that alone is the
 * success condition (nothing is lost if the provider fails). Then one delivery attempt starts
 * right away, and the visitor waits for it at most FORWARD_WAIT_MS: usually the answer already
 * means "delivered", yet a slow or unreachable provider never holds the visitor up. An attempt
 * that outlives the wait finishes in the background and records its outcome; one that never
 * finishes (the process stopped) is picked up by the retry worker once its claim lease expires.
 */

/** The longest the visitor waits for the first delivery attempt. */
export const FORWARD_WAIT_MS = 2500;

/** Messages per client address: 5 in any 10 minutes (per server instance). */
export const CONTACT_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 } as const;
export const contactRateLimiter = createRateLimiter({ name: "contact", ...CONTACT_RATE_LIMIT });

export type SubmitContactResult =
  | {
      ok: true;
      id: string;
      /** True when the provider accepted it within the wait; false means it is queued for retry (or still on its way). */
      forwarded: boolean;
      /** The delivery attempt; tests await it, the route does not. */
      delivery: Promise<boolean>;
    }
  | { ok: false; reason: "store_failed" };

export interface SubmitContactOptions {
  adapter: FormsAdapter;
  /** Absolute URL of the page the form was sent from. */
  pageUri: string;
  pageName?: string;
  waitMs?: number;
  now?: () => Date;
  logger?: Pick<Logger, "info" | "warn" | "error">;
}

export async function submitContactMessage(
  db: Database,
  input: ContactInput,
  options: SubmitContactOptions,
): Promise<SubmitContactResult> {
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? defaultLogger;
  let row: typeof contactMessages.$inferSelect | undefined;
  try {
    [row] = await db
      .insert(contactMessages)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        message: input.message,
        pageUri: options.pageUri,
        // Claimed for the attempt below; the retry worker takes over if that never records an outcome.
        nextAttemptAt: new Date(now().getTime() + CLAIM_LEASE_MS),
      })
      .returning();
  } catch (error) {
    logger.error({ err: error }, "contact message could not be stored");
    return { ok: false, reason: "store_failed" };
  }
  if (!row) {
    logger.error("contact message insert returned no row");
    return { ok: false, reason: "store_failed" };
  }

  const delivery = forwardMessage(db, options.adapter, row, {
    now,
    logger,
    pageName: options.pageName ?? CONTACT_PAGE_NAME,
  });
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), options.waitMs ?? FORWARD_WAIT_MS);
  });
  const forwarded = await Promise.race([delivery, waited]);
  clearTimeout(timer);
  return { ok: true, id: row.id, forwarded, delivery };
}
