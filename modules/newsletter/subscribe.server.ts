import { newsletterSubscribers } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { createRateLimiter } from "~/lib/rate-limit.server";
import { newsletterInput } from "~/modules/newsletter/newsletter-schema";
import { INVALID_EMAIL_MESSAGE } from "~/modules/newsletter/newsletter-text";

/** Sign-ups per client address: enough for a shared office, too few to fill the list with junk. */
export const newsletterRateLimiter = createRateLimiter({ name: "newsletter", limit: 20, windowMs: 60 * 60_000 });

export type SubscribeResult = { ok: true } | { ok: false; error: string };

/**
 * Adds an address to the newsletter. Invalid input stores nothing. An address that is already
 * subscribed (in any letter case) is left as it is, and the answer is the same as for a new one,
 * so the form cannot be used to find out who subscribed.
 */
export async function subscribe(db: Executor, input: { email: unknown; source: unknown }): Promise<SubscribeResult> {
  const parsed = newsletterInput.safeParse(input);
  if (!parsed.success) {
    const emailIssue = parsed.error.issues.find((issue) => issue.path[0] === "email");
    return {
      ok: false,
      error: emailIssue ? INVALID_EMAIL_MESSAGE : (parsed.error.issues[0]?.message ?? INVALID_EMAIL_MESSAGE),
    };
  }
  await db
    .insert(newsletterSubscribers)
    .values({ email: parsed.data.email, source: parsed.data.source })
    .onConflictDoNothing({ target: newsletterSubscribers.email });
  return { ok: true };
}
