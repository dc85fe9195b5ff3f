import { count, eq, inArray } from "drizzle-orm";
import { blogPosts, listings, users } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import { createUser } from "~/modules/auth/create-user.server";
import { DEMO_PASSWORD, demoAccounts } from "~/scripts/seed/demo-accounts";
import { demoListings } from "~/scripts/seed/demo-listings";
import { demoPosts } from "~/scripts/seed/demo-posts";

/** True when nothing has been stored yet: no users, no listings, no posts. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [[userCount], [listingCount], [postCount]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(listings),
    db.select({ n: count() }).from(blogPosts),
  ]);
  return userCount?.n === 0 && listingCount?.n === 0 && postCount?.n === 0;
}

/**
 * Seeds the demo accounts and content. Idempotent: accounts that exist are kept as they are,
 * and listings and posts are added only when the demo landlords and authors have none.
 */
export async function seedDemoData(db: Database, now = new Date()) {
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          demoAccounts.map((account) => account.email),
        ),
      );
    const ids = new Map(existing.map((user) => [user.email, user.id]));
    let accountsCreated = 0;
    for (const account of demoAccounts) {
      if (ids.has(account.email)) continue;
      const created = await createUser(tx, { ...account, password: DEMO_PASSWORD, emailVerified: true });
      ids.set(account.email, created.id);
      accountsCreated += 1;
    }

    let listingsCreated = 0;
    const ownerIds = [...new Set(demoListings(now).map((listing) => listing.owner))].map((email) => ids.get(email));
    const [ownedListings] = await tx
      .select({ n: count() })
      .from(listings)
      .where(
        inArray(
          listings.landlordId,
          ownerIds.filter((id): id is string => Boolean(id)),
        ),
      );
    if (ownedListings?.n === 0) {
      const accountsByEmail = new Map(demoAccounts.map((account) => [account.email as string, account]));
      const rows = demoListings(now).map(({ owner, ...listing }) => {
        const account = accountsByEmail.get(owner);
        return {
          ...listing,
          landlordId: ids.get(owner) ?? null,
          landlordEmail: owner,
          landlordName: account ? `${account.firstName} ${account.lastName}` : null,
          landlordPhone: account?.phone ?? null,
        };
      });
      if (rows.length > 0) await tx.insert(listings).values(rows);
      listingsCreated = rows.length;
    }

    let postsCreated = 0;
    const authorId = ids.get("admin@example.com") ?? null;
    const [authoredPosts] = authorId
      ? await tx.select({ n: count() }).from(blogPosts).where(eq(blogPosts.authorId, authorId))
      : [{ n: 1 }];
    if (authoredPosts?.n === 0) {
      const posts = demoPosts(now).map((post) => ({ ...post, authorId }));
      if (posts.length > 0) await tx.insert(blogPosts).values(posts).onConflictDoNothing({ target: blogPosts.slug });
      postsCreated = posts.length;
    }

    return { accountsCreated, listingsCreated, postsCreated };
  });
}
