import { randomInt, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { billingSubscriptions, listings, profiles, users } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { createApiKey } from "~/modules/api-keys/api-keys.server";
import { startEnquiry } from "~/modules/enquiries/conversations.server";
import { testSite } from "~/tests/support/services";
import { parseEnquiry } from "~/modules/enquiries/enquiry-input";
import type { SandboxDocumentCountry, SandboxIdentityOutcome } from "~/lib/adapters/identity/sandbox-outcomes";
import type { IdentityDeps } from "~/modules/identity/identity-deps";
import { completeSandboxVerification } from "~/modules/identity/sandbox.server";
import { startIdentityVerification } from "~/modules/identity/verification.server";

type Role = Viewer["role"];
type NewListing = typeof listings.$inferInsert;

/**
 * A fresh verified user with a profile, returned as the viewer a session for them would resolve
 * to. Every call makes a new user (unique id and e-mail), so parallel tests never share one.
 */
export async function createTestViewer(
  db: Executor,
  {
    role = "tenant",
    subscriptionStatus,
    email: givenEmail,
    firstName = "Test",
    lastName = role,
    twoFactorEnabled = false,
  }: {
    role?: Role;
    subscriptionStatus?: Viewer["subscriptionStatus"];
    email?: string;
    firstName?: string;
    lastName?: string;
    /** Marks two-factor as on (no secret is stored: enough for rules that only ask whether it is on). */
    twoFactorEnabled?: boolean;
  } = {},
): Promise<Viewer> {
  const id = randomUUID();
  const email = givenEmail ?? `${role}-${id.slice(0, 8)}@example.com`;
  const status = subscriptionStatus ?? (role === "landlord" ? "active" : "inactive");
  await db.insert(users).values({ id, name: `${firstName} ${lastName}`, email, emailVerified: true, twoFactorEnabled });
  await db.insert(profiles).values({ id, role, subscriptionStatus: status, firstName, lastName });
  return {
    id,
    email,
    role,
    subscriptionStatus: status,
    firstName,
    lastName,
    avatarUrl: null,
    twoFactorEnabled,
  };
}

/**
 * A fresh available listing, owned by `landlordId` when given; returns its id. Any other column
 * can be set too (description, availability, creation time…).
 */
export async function createTestListing(
  db: Executor,
  {
    landlordId = null,
    title = `Test room ${randomUUID().slice(0, 8)}`,
    ...columns
  }: { landlordId?: string | null; title?: string } & Partial<Omit<NewListing, "listingTitle" | "landlordId">> = {},
): Promise<string> {
  // A placed listing always says how exact its position is: a street address's when it has one.
  const placed = columns.latitude != null && columns.longitude != null;
  const locationPrecision =
    columns.locationPrecision ?? (placed ? (columns.address?.trim() ? "address" : "suburb") : null);
  const [row] = await db
    .insert(listings)
    .values({
      availableFrom: "2026-12-01",
      weeklyRent: 300,
      ...columns,
      locationPrecision,
      listingTitle: title,
      landlordId,
    })
    .returning({ id: listings.listingId });
  if (!row) throw new Error("the listing insert returned no row");
  return row.id;
}

/** Gives the user a customer at the sandbox provider, recorded on their profile as checkout would. */
export async function createTestCustomer(
  db: Executor,
  payments: {
    createCustomer(input: { userId: string; email: string; name: string | null }, key: string): Promise<{ id: string }>;
  },
  viewer: Viewer,
): Promise<string> {
  const customer = await payments.createCustomer(
    { userId: viewer.id, email: viewer.email, name: null },
    `customer:${viewer.id}`,
  );
  await db.update(profiles).set({ stripeCustomerId: customer.id }).where(eq(profiles.id, viewer.id));
  return customer.id;
}

/** A new API key for `viewer` (made through the key module, so it is a real, working key); returns the key. */
export async function createTestApiKey(
  db: Executor,
  viewer: Viewer,
  { scope = "read_write", expiresInDays = null }: { scope?: "read_write" | "read"; expiresInDays?: number | null } = {},
): Promise<{ key: string; id: string }> {
  const created = await createApiKey(db, viewer, { name: "Test key", scope, expiresInDays }, { production: false });
  if (!created.ok) throw new Error(`could not create a key: ${created.reason}`);
  return { key: created.key, id: created.summary.id };
}

/**
 * A conversation `tenant` opened about a fresh listing of `landlord` (through the enquiry module, so
 * the landlord's e-mail is queued too); returns its id and the listing's.
 */
export async function createTestConversation(
  db: Executor,
  tenant: Viewer,
  landlord: Viewer,
  {
    message = "Hi, is the room still available?",
    listing = {},
  }: { message?: string; listing?: Partial<Omit<NewListing, "listingTitle" | "landlordId">> } = {},
): Promise<{ conversationId: string; listingId: string }> {
  const listingId = await createTestListing(db, { ...listing, landlordId: landlord.id });
  const enquiry = parseEnquiry(new Map(Object.entries({ moveInDate: "2030-01-15", leaseMonths: "6", message })));
  if (!enquiry.success) throw new Error(JSON.stringify(enquiry.errors));
  const started = await startEnquiry(
    { db, site: testSite() },
    tenant,
    { listingId, enquiry: enquiry.data },
    { clientAddress: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
  );
  if (!started.ok) throw new Error(`could not start an enquiry: ${started.reason}`);
  return { conversationId: started.value.conversationId, listingId };
}

/**
 * Our stored copy of a provider subscription for `userId` (as the billing sync writes it): the
 * Professional Plan's monthly price, active, unless the fields say otherwise.
 */
export async function createTestSubscription(
  db: Executor,
  userId: string,
  fields: Partial<Omit<typeof billingSubscriptions.$inferInsert, "userId">> = {},
): Promise<void> {
  await db.insert(billingSubscriptions).values({
    customerId: `cus_${userId.slice(0, 8)}`,
    subscriptionId: `sub_${userId.slice(0, 8)}`,
    providerStatus: "active",
    amountCents: 4999,
    currency: "aud",
    interval: "month",
    ...fields,
    userId,
  });
}

/**
 * An identity check of `viewer` through the sandbox provider, as the person would make it: started
 * from the account page, then the sandbox's page submitted with `outcome`. Returns the sandbox
 * session's id.
 */
export async function createTestIdentityCheck(
  deps: IdentityDeps,
  viewer: Viewer,
  {
    outcome = "verified",
    documentCountry = "AU",
  }: { outcome?: SandboxIdentityOutcome; documentCountry?: SandboxDocumentCountry } = {},
): Promise<string> {
  const started = await startIdentityVerification(deps, viewer);
  if (!started.ok) throw new Error(`could not start an identity check: ${started.reason}`);
  const sessionId = started.url.split("/").pop() ?? "";
  const completed = await completeSandboxVerification(deps, viewer, sessionId, { outcome, documentCountry });
  if (!completed.ok) throw new Error(`could not complete the identity check: ${completed.reason}`);
  return sessionId;
}
