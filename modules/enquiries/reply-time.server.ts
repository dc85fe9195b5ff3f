import { and, desc, eq, gt, sql } from "drizzle-orm";
import { conversationMessages, conversations } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";

const FIRST_REPLY_SAMPLE = 20;
const FIRST_REPLY_MINIMUM = 3;

/**
 * "Usually replies within N hours": the median time to the landlord's first reply over their
 * recent enquiries, once at least three have a reply; null before that.
 */
export async function usualReplyHours(db: Executor, landlordId: string | null): Promise<number | null> {
  if (!landlordId) return null;
  const rows = await db
    .select({
      hours: sql<number>`extract(epoch from (min(${conversationMessages.createdAt}) - ${conversations.createdAt})) / 3600`,
    })
    .from(conversations)
    .innerJoin(
      conversationMessages,
      and(eq(conversationMessages.conversationId, conversations.id), eq(conversationMessages.authorRole, "landlord")),
    )
    .where(and(eq(conversations.landlordId, landlordId), gt(conversations.createdAt, sql`now() - interval '180 days'`)))
    .groupBy(conversations.id, conversations.createdAt)
    .orderBy(desc(conversations.createdAt))
    .limit(FIRST_REPLY_SAMPLE);
  if (rows.length < FIRST_REPLY_MINIMUM) return null;
  const hours = rows.map((row) => Number(row.hours)).sort((a, b) => a - b);
  const median = hours[Math.floor(hours.length / 2)] ?? 0;
  return Math.max(1, Math.ceil(median));
}
