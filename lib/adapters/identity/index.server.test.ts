import { describe, expect, it } from "vitest";
import { IdentityNotConfiguredError } from "~/lib/adapters/identity/identity-adapter";
import { createIdentityAdapter } from "~/lib/adapters/identity/index.server";
import { SandboxIdentity } from "~/lib/adapters/identity/sandbox-identity.server";
import { StripeIdentity } from "~/lib/adapters/identity/stripe-identity.server";
import type { Database } from "~/lib/db/client.server";

// Choosing the adapter opens nothing: no query runs before a session is asked for.
const database = {} as Database;
const base = {
  AUTH_SECRET: "a-test-secret-that-is-long-enough-for-the-server",
  STRIPE_SECRET_KEY: undefined,
  STRIPE_IDENTITY_WEBHOOK_SECRET: undefined,
};

describe("createIdentityAdapter", () => {
  it("chooses Stripe Identity when its key and webhook secret are set, in production or not", () => {
    const stripe = { ...base, STRIPE_SECRET_KEY: "sk_test_x", STRIPE_IDENTITY_WEBHOOK_SECRET: "whsec_x" };
    expect(createIdentityAdapter({ ...stripe, PRODUCTION: true }, database)).toBeInstanceOf(StripeIdentity);
    expect(createIdentityAdapter({ ...stripe, PRODUCTION: false }, database)).toBeInstanceOf(StripeIdentity);
  });

  it("falls back to the sandbox, which refuses to start a check in production before touching anything", async () => {
    const development = createIdentityAdapter({ ...base, PRODUCTION: false }, database);
    expect(development).toBeInstanceOf(SandboxIdentity);
    expect((development as SandboxIdentity).open).toBe(true);

    const production = createIdentityAdapter({ ...base, PRODUCTION: true }, database);
    expect(production).toBeInstanceOf(SandboxIdentity);
    await expect(
      production.createSession({ userId: "u1", returnUrl: "https://rooms.example/settings/account" }, "k1"),
    ).rejects.toBeInstanceOf(IdentityNotConfiguredError);
  });
});
