import { eq, sql } from "drizzle-orm";
import { conversations, users } from "~/db/schema";
import { queueMail } from "~/lib/adapters/mail/mailer.server";
import type { Executor } from "~/lib/db/client.server";
import type { SiteSettings } from "~/lib/services.server";
import type { ConversationSide } from "~/modules/enquiries/permissions";
import { newEnquiryEmail, newMessageEmail } from "~/modules/mail/enquiry-emails";

/** At most one e-mail per conversation and recipient in this window, while the earlier one is unread. */
export const EMAIL_THROTTLE_MS = 15 * 60_000;

/**
 * Queues the e-mail telling `recipient` about a new message, in the caller's transaction: the
 * outbox insert is all the request waits for, and delivery failures are retried by the worker (the
 * message itself is already stored). Skipped when that side was e-mailed less than 15 minutes ago
 * and has not read the thread since.
 */
export async function notifyParticipant(
  tx: Executor,
  site: Pick<SiteSettings, "name" | "url">,
  input: {
    conversationId: string;
    recipient: ConversationSide;
    kind: "enquiry" | "message";
    listingTitle: string;
    senderName: string;
    message: string;
    now: Date;
  },
): Promise<boolean> {
  const emailedAt = input.recipient === "tenant" ? conversations.tenantEmailedAt : conversations.landlordEmailedAt;
  const readAt = input.recipient === "tenant" ? conversations.tenantReadAt : conversations.landlordReadAt;
  const recipientId = input.recipient === "tenant" ? conversations.tenantId : conversations.landlordId;
  const cutoff = new Date(input.now.getTime() - EMAIL_THROTTLE_MS);
  // Claim the e-mail slot and read the address in one statement, so two messages at once send one e-mail.
  const [claimed] = await tx
    .update(conversations)
    .set(input.recipient === "tenant" ? { tenantEmailedAt: input.now } : { landlordEmailedAt: input.now })
    .from(users)
    .where(
      sql`${conversations.id} = ${input.conversationId} and ${users.id} = ${recipientId} and (${emailedAt} is null or ${emailedAt} < ${cutoff.toISOString()} or (${readAt} is not null and ${readAt} >= ${emailedAt}))`,
    )
    .returning({ email: users.email });
  if (!claimed) return false;
  const details = {
    siteName: site.name,
    url: `${site.url}/settings/enquiries/${input.conversationId}`,
    listingTitle: input.listingTitle,
    senderName: input.senderName,
    message: input.message,
  };
  await queueMail(tx, {
    to: claimed.email,
    ...(input.kind === "enquiry" ? newEnquiryEmail(details) : newMessageEmail(details)),
  });
  return true;
}

/** The account's creation time (for the new-account limit), or null when it is gone. */
export async function accountCreatedAt(db: Executor, userId: string): Promise<Date | null> {
  const [row] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.createdAt ?? null;
}
