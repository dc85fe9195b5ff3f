import { eq } from "drizzle-orm";
import { profiles, users } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";

/** The signed-in user's viewer record: their profile (created with defaults if missing). */
export async function findViewer(db: Executor, userId: string): Promise<Viewer | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      twoFactorEnabled: users.twoFactorEnabled,
      role: profiles.role,
      subscriptionStatus: profiles.subscriptionStatus,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      avatarUrl: profiles.avatarUrl,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  if (row.role === null || row.subscriptionStatus === null) {
    await db.insert(profiles).values({ id: userId }).onConflictDoNothing();
    return findViewer(db, userId);
  }
  return { ...row, role: row.role, subscriptionStatus: row.subscriptionStatus };
}
