import { and, eq, lt, sql } from "drizzle-orm";
import { sessions, twoFactorUsedCodes } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";

/** Longer than the window in which the auth library accepts a code (previous, current, next 30 s step). */
const REMEMBER_FOR = "5 minutes";

export const CODE_ALREADY_USED = "This code has already been used. Wait for the next code and try again.";

/**
 * Records that `userId` has used `code`; false when it was already used recently. The insert is the
 * check, so two requests racing with one code cannot both win.
 */
export async function claimTwoFactorCode(executor: Executor, userId: string, code: string): Promise<boolean> {
  await executor
    .delete(twoFactorUsedCodes)
    .where(
      and(eq(twoFactorUsedCodes.userId, userId), lt(twoFactorUsedCodes.usedAt, sql`now() - ${REMEMBER_FOR}::interval`)),
    );
  const claimed = await executor
    .insert(twoFactorUsedCodes)
    .values({ userId, code })
    .onConflictDoNothing()
    .returning({ userId: twoFactorUsedCodes.userId });
  return claimed.length > 0;
}

/** Ends a session the auth library has just created for a replayed code. */
export async function discardSession(executor: Executor, token: string): Promise<void> {
  await executor.delete(sessions).where(eq(sessions.token, token));
}
