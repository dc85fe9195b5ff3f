import { count, eq, inArray } from "drizzle-orm";
import { blogPosts, listings, users } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import { createUser, type NewUser } from "~/modules/auth/create-user.server";
import { demoListings } from "~/db/seed/demo-listings";
import { demoPosts } from "~/db/seed/demo-posts";

export const DEMO_PASSWORD = "Password123!";

/** The demo accounts plus two more landlords who own the rest of the listings. */
export const demoAccounts = [
  {
    email: "admin@example.com",
    firstName: "Alex",
    lastName: "Admin",
    phone: "0400 100 001",
    role: "admin",
    subscriptionStatus: "inactive",
  },
  {
    email: "staff@example.com",
    firstName: "Sam",
    lastName: "Staff",
    phone: "0400 100 002",
    role: "staff",
    subscriptionStatus: "inactive",
  },
  {
    email: "landlord@example.com",
    firstName: "Lena",
    lastName: "Landlord",
    phone: "0412 555 013",
    role: "landlord",
    subscriptionStatus: "active",
  },
  {
    email: "landlord.pending@example.com",
    firstName: "Pat",
    lastName: "Pending",
    phone: "0412 555 014",
    role: "landlord",
    subscriptionStatus: "inactive",
  },
  {
    email: "tenant@example.com",
    firstName: "Tara",
    lastName: "Tenant",
    phone: "0433 200 015",
    role: "tenant",
    subscriptionStatus: "inactive",
  },
  {
    email: "priya.nair@example.com",
    firstName: "Priya",
    lastName: "Nair",
    phone: "0421 404 216",
    role: "landlord",
    subscriptionStatus: "active",
  },
  {
    email: "tom.nguyen@example.com",
    firstName: "Tom",
    lastName: "Nguyen",
    phone: "0438 777 217",
    role: "landlord",
    subscriptionStatus: "active",
  },
  // Subscribed but has not listed anything yet.
  {
    email: "mei.lin@example.com",
    firstName: "Mei",
    lastName: "Lin",
    phone: "0412 909 218",
    role: "landlord",
    subscriptionStatus: "active",
  },
] as const satisfies readonly Omit<NewUser, "password">[];

export type DemoOwner = (typeof demoAccounts)[number]["email"];

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
