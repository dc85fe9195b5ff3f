import { randomUUID } from "node:crypto";
import { listings, profiles, users } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { createApiKey } from "~/modules/api-keys/api-keys.server";

type Role = Viewer["role"];

/**
 * A fresh verified user with a profile, returned as the viewer a session for them would resolve
 * to. Every call makes a new user (unique id and e-mail), so parallel tests never share one.
 */
export async function createTestViewer(
  db: Executor,
  { role = "tenant", subscriptionStatus }: { role?: Role; subscriptionStatus?: Viewer["subscriptionStatus"] } = {},
): Promise<Viewer> {
  const id = randomUUID();
  const email = `${role}-${id.slice(0, 8)}@example.com`;
  const status = subscriptionStatus ?? (role === "landlord" ? "active" : "inactive");
  await db.insert(users).values({ id, name: `Test ${role}`, email, emailVerified: true });
  await db.insert(profiles).values({ id, role, subscriptionStatus: status, firstName: "Test", lastName: role });
  return {
    id,
    email,
    role,
    subscriptionStatus: status,
    firstName: "Test",
    lastName: role,
    avatarUrl: null,
    twoFactorEnabled: false,
  };
}

/** A fresh available listing, owned by `landlordId` when given; returns its id. */
export async function createTestListing(
  db: Executor,
  {
    landlordId = null,
    title = `Test room ${randomUUID().slice(0, 8)}`,
  }: { landlordId?: string | null; title?: string } = {},
): Promise<string> {
  const [row] = await db
    .insert(listings)
    .values({ listingTitle: title, landlordId, availableFrom: "2026-12-01", weeklyRent: 300 })
    .returning({ id: listings.listingId });
  if (!row) throw new Error("the listing insert returned no row");
  return row.id;
}

/** A new API key for `viewer` (made through the key module, so it is a real, working key); returns the key. */
export async function createTestApiKey(
  db: Executor,
  viewer: Viewer,
  { scope = "read_write", expiresInDays = null }: { scope?: "read_write" | "read"; expiresInDays?: number | null } = {},
): Promise<{ key: string; id: string }> {
  const created = await createApiKey(db, viewer, { name: "Test key", scope, expiresInDays });
  if (!created.ok) throw new Error(`could not create a key: ${created.reason}`);
  return { key: created.key, id: created.summary.id };
}
