import { afterAll, beforeAll, expect, it } from "vitest";
import { createUser } from "~/modules/auth/create-user.server";
import { startMailCatcher, type MailCatcher } from "~/tests/support/mail-catcher";
import { send, signedIn } from "~/tests/support/http-session";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";
import { createTestDatabase, describeOnPostgres, type TestDatabase } from "~/tests/support/test-database";

describeOnPostgres("the admin area in production (two-factor required for staff and admins)", () => {
  let database: TestDatabase;
  let mail: MailCatcher;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await createUser(database.db, {
      email: "ops-staff@example.com",
      password: "Password123!",
      role: "staff",
      emailVerified: true,
    });
    mail = await startMailCatcher();
    server = await startServer({
      env: {
        NODE_ENV: "production",
        AUTH_SECRET: "a-production-secret-of-enough-length-0123456789",
        SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
        DATABASE_URL: database.url,
        TRUSTED_PROXIES: "loopback",
        LOG_LEVEL: "warn",
      },
    });
  }, SERVER_HOOK_TIMEOUT_MS * 2);

  afterAll(async () => {
    await server?.stop();
    await mail?.close();
    await database?.close();
  });

  it("sends staff without two-factor to their account settings with a clear message", async () => {
    const staff = await signedIn(server, "ops-staff@example.com");
    for (const path of ["/admin/users", "/admin/posts", "/admin/users.data"]) {
      const reply = await send(server, staff, path);
      if (path.endsWith(".data")) expect(reply.body).toContain("/settings/account");
      else {
        expect(reply.status, path).toBe(302);
        expect(reply.location).toBe("/settings/account");
      }
    }
    const account = await send(server, staff, "/settings/account");
    expect(account.body).toContain("Turn on two-factor authentication to use the admin area.");
  });
});
