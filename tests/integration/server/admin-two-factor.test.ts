import { generate } from "otplib";
import { expect, it } from "vitest";
import { createUser } from "~/modules/auth/create-user.server";
import { newSession, post, send, signedIn } from "~/tests/support/http-session";
import type { ServerProcess } from "~/tests/support/server-process";
import { useProductionServer } from "~/tests/support/server-with-mail";
import { describeOnPostgres } from "~/tests/support/test-database";

describeOnPostgres("the admin area in production (two-factor required for staff and admins)", () => {
  let server: ServerProcess;
  useProductionServer(
    async ({ db }) => {
      for (const email of ["ops-staff@example.com", "ops-staff-2fa@example.com"]) {
        await createUser(db, { email, password: "Password123!", role: "staff", emailVerified: true });
      }
    },
    (started) => ({ server } = started),
  );

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

  it("lets staff with two-factor on into every admin screen once the code is given", async () => {
    const email = "ops-staff-2fa@example.com";
    const owner = await signedIn(server, email);
    expect((await send(server, owner, "/admin/users")).location).toBe("/settings/account");
    const begun = await post(server, owner, "/settings/account.data", {
      intent: "begin-two-factor",
      password: "Password123!",
    });
    const secret = new URL(/otpauth:\/\/totp\/[^"\s]+/.exec(begun.body)?.[0] ?? "").searchParams.get("secret") ?? "";
    expect(secret).not.toBe("");
    const verified = await post(server, owner, "/settings/account.data", {
      intent: "verify-two-factor",
      code: await generate({ secret }),
    });
    const [backupCode] = verified.body.match(/\b[A-Za-z0-9]{5}-[A-Za-z0-9]{5}\b/g) ?? [];
    expect(backupCode).toBeDefined();

    // A fresh sign-in: the password alone gives no way in; the code does.
    const staff = newSession();
    await post(server, staff, "/auth", { intent: "sign_in", email, password: "Password123!" });
    const beforeCode = await send(server, staff, "/admin/users");
    expect(beforeCode.status).toBe(302);
    expect(beforeCode.location).toMatch(/^\/auth\?/);
    const challenged = await post(server, staff, "/auth", {
      intent: "two_factor",
      method: "backup",
      code: backupCode ?? "",
    });
    expect(challenged.status).toBe(302);
    for (const path of ["/admin/users", "/admin/posts", "/admin/properties"]) {
      const reply = await send(server, staff, path);
      expect(reply.status, path).toBe(200);
    }
    const data = await send(server, staff, "/admin/users.data");
    expect(data.status).toBe(200);
    expect(data.body).not.toContain("/settings/account");
  });
});
