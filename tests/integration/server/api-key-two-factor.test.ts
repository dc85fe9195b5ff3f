import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { expect, it } from "vitest";
import { listings } from "~/db/schema";
import { createUser } from "~/modules/auth/create-user.server";
import { createTestListing } from "~/tests/support/factories";
import { post, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import type { ServerProcess } from "~/tests/support/server-process";
import { useProductionServer } from "~/tests/support/server-with-mail";
import { describeOnPostgres, type TestDatabase } from "~/tests/support/test-database";

const TWO_FACTOR_NOTICE = "Turn on two-factor authentication to create and use API keys.";
const PASSWORD = "Password123!";

describeOnPostgres("API keys in production (staff and admins need two-factor on)", () => {
  let database: TestDatabase;
  let server: ServerProcess;
  useProductionServer(
    async ({ db }) => {
      for (const [email, role] of [
        ["keys-staff@example.com", "staff"],
        ["keys-admin@example.com", "admin"],
      ] as const) {
        await createUser(db, { email, password: PASSWORD, role, emailVerified: true });
      }
    },
    (started) => ({ database, server } = started),
  );

  async function createKey(session: HttpSession) {
    const reply = await post(server, session, "/settings/api-keys.data", { intent: "create", name: "Back office" });
    return { status: reply.status, body: reply.body, key: /lr_live_[0-9A-Za-z]{36}/.exec(reply.body)?.[0] ?? null };
  }

  function api(path: string, key: string, init: { method?: string; body?: unknown } = {}) {
    return fetch(`${server.url}${path}`, {
      method: init.method ?? "GET",
      headers: {
        authorization: `Bearer ${key}`,
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  }

  it("refuses a key to staff and admins without two-factor, on the page and on a raw post", async () => {
    for (const email of ["keys-staff@example.com", "keys-admin@example.com"]) {
      const session = await signedIn(server, email);
      const page = await send(server, session, "/settings/api-keys");
      expect(page.status, email).toBe(200);
      expect(page.body).toContain(TWO_FACTOR_NOTICE);
      expect(page.body).toContain('href="/settings/account"');
      const attempt = await createKey(session);
      expect(attempt.status, email).toBe(403);
      expect(attempt.key).toBeNull();
      expect(attempt.body).toContain(TWO_FACTOR_NOTICE);
    }
  });

  it("gives staff a working key once two-factor is on, and stops it when two-factor goes off", async () => {
    const staff = await signedIn(server, "keys-staff@example.com");
    const begun = await post(server, staff, "/settings/account.data", {
      intent: "begin-two-factor",
      password: PASSWORD,
    });
    const secret = new URL(/otpauth:\/\/totp\/[^"\s]+/.exec(begun.body)?.[0] ?? "").searchParams.get("secret") ?? "";
    expect(secret).not.toBe("");
    const verified = await post(server, staff, "/settings/account.data", {
      intent: "verify-two-factor",
      code: await generate({ secret }),
    });
    expect(verified.status).toBe(200);

    const created = await createKey(staff);
    expect(created.status).toBe(200);
    const key = created.key;
    if (!key) throw new Error(`no key: ${created.body.slice(0, 300)}`);
    const listingId = await createTestListing(database.db);
    expect((await api(`/api/listings/${listingId}`, key, { method: "DELETE" })).status).toBe(204);
    const published = await api("/api/blog", key, {
      method: "POST",
      body: { title: "Published by key", slug: `by-key-${Date.now()}`, content: "<p>Hello</p>", status: "published" },
    });
    expect(published.status).toBe(201);

    const off = await post(server, staff, "/settings/account.data", {
      intent: "disable-two-factor",
      password: PASSWORD,
    });
    expect(off.status).toBe(200);
    // The key check is cached for at most a second: the key stops within it.
    const target = await createTestListing(database.db);
    await expect.poll(async () => (await api(`/api/listings/${target}`, key)).status, { timeout: 5000 }).toBe(401);
    const refused = await api(`/api/listings/${target}`, key, { method: "DELETE" });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { detail: string }).detail).toBe(
      "This API key's owner must turn on two-factor authentication before their keys work.",
    );
    expect(await database.db.select().from(listings).where(eq(listings.listingId, target))).toHaveLength(1);
    const page = await send(server, staff, "/settings/api-keys");
    expect(page.body).toContain(TWO_FACTOR_NOTICE);
  });
});
