import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { mailOutbox, twoFactors, users } from "~/db/schema";
import type { DatabaseHandle } from "~/lib/db/client.server";
import { ACCOUNT_MESSAGES } from "~/modules/auth/account-settings";
import {
  beginTwoFactorSetup,
  changePassword,
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateBackupCodes,
  type AccountRequest,
} from "~/modules/auth/account-settings.server";
import { createAuth, type Auth } from "~/modules/auth/auth.server";
import { CLIENT_ADDRESS_HEADER } from "~/modules/auth/auth-config.server";
import { createUser } from "~/modules/auth/create-user.server";
import { describeEachDatabase } from "~/tests/support/test-database";
import { testSite } from "~/tests/support/services";
import { env } from "~/lib/env.server";

// The environment is read once: set it before first use. The auth library is built on the test
// database; mail goes to the process database's outbox table (no SMTP_URL), pointed at it too.
process.env.AUTH_SECRET = "account-settings-test-secret-0123456789abcdef";
process.env.PUBLIC_URL = "http://localhost:3999";
delete process.env.SMTP_URL;
delete process.env.DATABASE_URL;
const globals = globalThis as typeof globalThis & { __lanewayDatabase?: DatabaseHandle };
let auth: Auth;

const PASSWORD = "Password123!";
const CLIENT_ADDRESS = "203.0.113.7";

/** The session cookies a browser would hold, updated from each response's Set-Cookie. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(setCookies: string[]): this {
    for (const cookie of setCookies) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (!value || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  headers(): Headers {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    return new Headers({ cookie, [CLIENT_ADDRESS_HEADER]: CLIENT_ADDRESS });
  }
}

async function signIn(email: string, password = PASSWORD): Promise<CookieJar> {
  const { headers, response } = await auth.api.signInEmail({
    body: { email, password },
    headers: new Headers({ [CLIENT_ADDRESS_HEADER]: CLIENT_ADDRESS }),
    returnHeaders: true,
  });
  expect(response).not.toHaveProperty("twoFactorRedirect");
  return new CookieJar().store(headers.getSetCookie());
}

async function sessionOf(jar: CookieJar) {
  return auth.api.getSession({ headers: jar.headers() });
}

function secretOf(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get("secret");
  if (!secret) throw new Error("no secret in the TOTP URI");
  return secret;
}

describeEachDatabase("account settings", (use) => {
  let serial = 0;

  beforeAll(() => {
    globals.__lanewayDatabase = use().handle;
    auth = createAuth(use().db, env());
  });
  afterAll(() => {
    globals.__lanewayDatabase = undefined;
  });

  /** A verified user signed in once; each test gets its own address (rate limits are per account). */
  async function signedInUser() {
    serial += 1;
    const email = `account-${use().kind}-${serial}@example.com`;
    const { id } = await createUser(use().db, { email, password: PASSWORD, emailVerified: true });
    const jar = await signIn(email);
    const request = (twoFactorEnabled = false): AccountRequest => ({
      auth,
      viewer: { id, email, twoFactorEnabled },
      headers: jar.headers(),
      clientAddress: CLIENT_ADDRESS,
      services: { db: use().db, site: testSite() },
    });
    return { id, email, jar, request };
  }

  async function mailSubjects(to: string): Promise<string[]> {
    const rows = await use().db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.to, to));
    return rows.map((row) => row.subject);
  }

  it("refuses a wrong current password with the spec's message and changes nothing", async () => {
    const user = await signedInUser();
    const outcome = await changePassword(user.request(), {
      currentPassword: "wrong-password",
      newPassword: "NewPass456!",
    });
    expect(outcome).toEqual({ ok: false, message: ACCOUNT_MESSAGES.currentPasswordIncorrect, reason: "invalid" });
    await expect(signIn(user.email)).resolves.toBeInstanceOf(CookieJar);
  });

  it("checks the new password's length on the server too", async () => {
    const user = await signedInUser();
    const outcome = await changePassword(user.request(), { currentPassword: PASSWORD, newPassword: "12345" });
    expect(outcome).toMatchObject({ ok: false, message: ACCOUNT_MESSAGES.passwordTooShort });
  });

  it("changes the password, signs out every other session, keeps this one and sends a notice", async () => {
    const user = await signedInUser();
    const other = await signIn(user.email);
    const outcome = await changePassword(user.request(), { currentPassword: PASSWORD, newPassword: "NewPass456!" });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;

    expect(await sessionOf(other)).toBeNull();
    // This browser gets a new session cookie in place of its revoked one.
    expect(outcome.setCookies.length).toBeGreaterThan(0);
    expect((await sessionOf(user.jar.store(outcome.setCookies)))?.user.email).toBe(user.email);

    await expect(signIn(user.email)).rejects.toMatchObject({ body: { code: "INVALID_EMAIL_OR_PASSWORD" } });
    await expect(signIn(user.email, "NewPass456!")).resolves.toBeInstanceOf(CookieJar);
    await vi.waitFor(async () => expect(await mailSubjects(user.email)).toContain("Your password was changed"));
  });

  it("limits password guesses from a signed-in session", async () => {
    const user = await signedInUser();
    const outcomes = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      outcomes.push(
        await changePassword(user.request(), { currentPassword: `guess-${attempt}`, newPassword: "NewPass456!" }),
      );
    }
    expect(outcomes.at(-1)).toMatchObject({
      ok: false,
      reason: "rate-limited",
      message: expect.stringMatching(/^Too many attempts/),
    });
  });

  it("sets up two-factor: password first, then a QR code, enabled only by a valid code", async () => {
    const user = await signedInUser();
    expect(await beginTwoFactorSetup(user.request(), "wrong-password")).toEqual({
      ok: false,
      message: ACCOUNT_MESSAGES.passwordIncorrect,
      reason: "invalid",
    });

    const setup = await beginTwoFactorSetup(user.request(), PASSWORD);
    expect(setup.ok).toBe(true);
    if (!setup.ok) return;
    expect(setup.totpUri).toMatch(
      new RegExp(`^otpauth://totp/Laneway%20Rooms:${encodeURIComponent(user.email).replace(".", "\\.")}\\?`),
    );
    expect(new URL(setup.totpUri).searchParams.get("issuer")).toBe("Laneway Rooms");
    expect(setup.secret).toBe(secretOf(setup.totpUri));
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qrCode.split(",")[1] ?? "", "base64").toString()).toContain("<svg");
    // Nothing is on yet, and no backup codes have been shown.
    expect(setup).not.toHaveProperty("backupCodes");
    const [before] = await use().db.select().from(users).where(eq(users.id, user.id));
    expect(before?.twoFactorEnabled).toBe(false);

    const wrong = await confirmTwoFactorSetup(use().db, user.request(), "000000");
    expect(wrong).toMatchObject({ ok: false, message: "Invalid code" });

    const code = await generate({ secret: setup.secret });
    const confirmed = await confirmTwoFactorSetup(use().db, user.request(), code);
    expect(confirmed.ok).toBe(true);
    if (!confirmed.ok) return;
    expect(confirmed.backupCodes).toHaveLength(10);
    const [after] = await use().db.select().from(users).where(eq(users.id, user.id));
    expect(after?.twoFactorEnabled).toBe(true);
    // The library replaced this browser's session; the new cookie must work.
    expect((await sessionOf(user.jar.store(confirmed.setCookies)))?.user.id).toBe(user.id);
    await vi.waitFor(async () => expect(await mailSubjects(user.email)).toContain("Two-factor authentication is on"));

    const { response } = await auth.api.signInEmail({
      body: { email: user.email, password: PASSWORD },
      headers: new Headers({ [CLIENT_ADDRESS_HEADER]: CLIENT_ADDRESS }),
      returnHeaders: true,
    });
    expect(response).toMatchObject({ twoFactorRedirect: true });
  });

  it("regenerates backup codes and turns two-factor off, each behind the password", async () => {
    const user = await signedInUser();
    const setup = await beginTwoFactorSetup(user.request(), PASSWORD);
    if (!setup.ok) throw new Error(setup.message);
    const confirmed = await confirmTwoFactorSetup(use().db, user.request(), await generate({ secret: setup.secret }));
    if (!confirmed.ok) throw new Error(confirmed.message);
    user.jar.store(confirmed.setCookies);

    expect(await beginTwoFactorSetup(user.request(true), PASSWORD)).toMatchObject({ ok: false, reason: "conflict" });
    expect(await regenerateBackupCodes(user.request(true), "wrong-password")).toMatchObject({
      ok: false,
      message: ACCOUNT_MESSAGES.passwordIncorrect,
    });
    const regenerated = await regenerateBackupCodes(user.request(true), PASSWORD);
    expect(regenerated.ok).toBe(true);
    if (!regenerated.ok) return;
    expect(regenerated.backupCodes).toHaveLength(10);
    expect(regenerated.backupCodes).not.toEqual(confirmed.backupCodes);

    expect(await disableTwoFactor(user.request(true), "wrong-password")).toMatchObject({
      ok: false,
      message: ACCOUNT_MESSAGES.passwordIncorrect,
    });
    const disabled = await disableTwoFactor(user.request(true), PASSWORD);
    expect(disabled.ok).toBe(true);
    if (!disabled.ok) return;
    const [after] = await use().db.select().from(users).where(eq(users.id, user.id));
    expect(after?.twoFactorEnabled).toBe(false);
    expect(await use().db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toEqual([]);
    expect((await sessionOf(user.jar.store(disabled.setCookies)))?.user.id).toBe(user.id);
    await expect(signIn(user.email)).resolves.toBeInstanceOf(CookieJar);
  });
});
