import { eq } from "drizzle-orm";
import { profiles } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { ProfileInput } from "~/modules/profiles/profile-schema";

/** What the profile page shows and edits. */
export interface Profile {
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  bio: string | null;
  avatarUrl: string | null;
}

const columns = {
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  phone: profiles.phone,
  bio: profiles.bio,
  avatarUrl: profiles.avatarUrl,
};

export async function findProfile(db: Executor, userId: string): Promise<Profile | null> {
  const [row] = await db.select(columns).from(profiles).where(eq(profiles.id, userId)).limit(1);
  return row ?? null;
}

/** Saves the form's fields; null when the user has no profile row. */
export async function updateProfile(db: Executor, userId: string, input: ProfileInput): Promise<Profile | null> {
  const [row] = await db
    .update(profiles)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(profiles.id, userId))
    .returning(columns);
  return row ?? null;
}

/**
 * Points the profile at a new avatar and returns the URL it replaced (for clean-up); the row lock
 * makes two uploads at once each get the URL they actually replaced. Undefined when the user has
 * no profile row.
 */
export function replaceAvatarUrl(
  db: Executor,
  userId: string,
  avatarUrl: string,
): Promise<{ previous: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for("update");
    if (!row) return undefined;
    await tx.update(profiles).set({ avatarUrl, updatedAt: new Date() }).where(eq(profiles.id, userId));
    return { previous: row.avatarUrl };
  });
}
