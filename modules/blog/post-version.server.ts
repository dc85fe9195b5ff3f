import { hash } from "node:crypto";
import { eq } from "drizzle-orm";
import { blogPosts } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";

/** A post's version: a hash of the whole stored row, so any change to it gives a new one. */
export function postVersion(post: typeof blogPosts.$inferSelect): string {
  return hash("sha256", JSON.stringify(post), "base64url").slice(0, 27);
}

/**
 * Locks the post for the rest of the transaction `tx` and says whether it is still `version`:
 * an update made after this in the same transaction cannot overwrite a change it has not seen.
 */
export async function lockPostAtVersion(
  tx: Executor,
  id: string,
  version: string,
): Promise<"current" | "stale" | "not-found"> {
  const [post] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update").limit(1);
  if (!post) return "not-found";
  return postVersion(post) === version ? "current" : "stale";
}
