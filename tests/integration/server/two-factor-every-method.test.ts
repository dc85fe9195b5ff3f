import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { newSession, post as postForm, send as sendRequest, type HttpSession } from "~/tests/support/http-session";
import type { MailCatcher } from "~/tests/support/mail-catcher";
import { useServerWithMail } from "~/tests/support/server-with-mail";
import type { ServerProcess } from "~/tests/support/server-process";

/**
 * With two-factor on, every way of signing in ends at the code prompt: no session cookie reaches
 * the client until a valid authenticator or backup code is given. Raw HTTP against the built
 * server with a real SMTP receiver; each test registers its own account.
 */
let server: ServerProcess;
let mail: MailCatcher;
const send = (client: HttpSession, path: string) => sendRequest(server, client, path);
const post = (client: HttpSession, path: string, form: Record<string, string>) => postForm(server, client, path, form);

useServerWithMail((started) => ({ server, mail } = started));

const PASSWORD = "a-good-password";
const confirmParams = (text: string) =>
  Object.fromEntries(new URL(/https?:\/\/\S+\/auth\/confirm\S*/.exec(text)?.[0] ?? "").searchParams);
const hasSession = (client: HttpSession) => [...client.cookies.keys()].some((name) => name.includes("session_token"));
const signedInAs = async (client: HttpSession) => (await send(client, "/settings/profile")).status === 200;

/** Registers and confirms a new account, signs in with the password and turns two-factor on. */
async function accountWithTwoFactor(label: string) {
  const email = `${label}-${Date.now()}@example.com`;
  await post(newSession(), "/auth", {
    intent: "sign_up",
    email,
    password: PASSWORD,
    firstName: "Two",
    lastName: "Factor",
    phone: "0412 345 678",
    phone_country: "AU",
  });
  const confirmation = await mail.waitFor((m) => m.to.includes(email) && m.text.includes("type=email"));
  await post(newSession(), "/auth/confirm", confirmParams(confirmation.text));

  const owner = newSession();
  expect((await post(owner, "/auth", { intent: "sign_in", email, password: PASSWORD })).status).toBe(302);
  const begun = await post(owner, "/settings/account.data", { intent: "begin-two-factor", password: PASSWORD });
  const secret = new URL(/otpauth:\/\/totp\/[^"\s]+/.exec(begun.body)?.[0] ?? "").searchParams.get("secret") ?? "";
  expect(secret).not.toBe("");
  const enableCode = await generate({ secret });
  const verified = await post(owner, "/settings/account.data", { intent: "verify-two-factor", code: enableCode });
  const backupCodes = verified.body.match(/\b[A-Za-z0-9]{5}-[A-Za-z0-9]{5}\b/g) ?? [];
  expect(backupCodes.length).toBeGreaterThan(2);
  return { email, enableCode, backupCodes };
}

/** The code prompt answers a backup code: the session is made only now. */
async function passChallenge(client: HttpSession, backupCode: string) {
  const reply = await post(client, "/auth", { intent: "two_factor", method: "backup", code: backupCode });
  expect(reply.status).toBe(302);
  expect(hasSession(client)).toBe(true);
  expect(await signedInAs(client)).toBe(true);
}

describe("two-factor on every sign-in method", () => {
  it("a magic link leads to the code prompt, not a session, and cannot be replayed", async () => {
    const { email, backupCodes } = await accountWithTwoFactor("magic-2fa");
    await post(newSession(), "/auth", { intent: "magic_link", email });
    const link = await mail.waitFor((m) => m.to.includes(email) && m.text.includes("type=magic_link"));

    const client = newSession();
    const redeemed = await post(client, "/auth/confirm", confirmParams(link.text));
    expect(redeemed.status).toBe(302);
    expect(redeemed.location).toBe("/auth?view=two_factor");
    expect(hasSession(client)).toBe(false);
    expect(await signedInAs(client)).toBe(false);
    const prompt = await send(client, "/auth?view=two_factor");
    expect(prompt.body).toContain("Two-factor authentication");

    const wrong = await post(client, "/auth", { intent: "two_factor", code: "000000" });
    expect(wrong.status).toBe(401);
    expect(hasSession(client)).toBe(false);

    await passChallenge(client, backupCodes[0] ?? "");

    const replay = newSession();
    const again = await post(replay, "/auth/confirm", confirmParams(link.text));
    expect(again.status).toBe(400);
    expect(hasSession(replay)).toBe(false);
  });

  it("an e-mailed sign-in code leads to the code prompt, not a session", async () => {
    const { email, backupCodes } = await accountWithTwoFactor("code-2fa");
    const client = newSession();
    await post(client, "/auth", { intent: "send_code", email });
    const message = await mail.waitFor(
      (m) => m.to.includes(email) && /\b\d{6}\b/.test(m.text) && !m.text.includes("type="),
    );
    const code = /\b(\d{6})\b/.exec(message.text)?.[1] ?? "";

    const entered = await post(client, "/auth", { intent: "verify_code", email, code });
    expect(entered.status).toBe(200);
    expect(entered.body).toContain("Two-factor authentication");
    expect(hasSession(client)).toBe(false);
    expect(await signedInAs(client)).toBe(false);

    await passChallenge(client, backupCodes[1] ?? "");
  });

  it("a password sign-in is still challenged, the enabling code cannot be replayed, and turning it off is e-mailed", async () => {
    const { email, enableCode, backupCodes } = await accountWithTwoFactor("password-2fa");
    const client = newSession();
    const reply = await post(client, "/auth", { intent: "sign_in", email, password: PASSWORD });
    expect(reply.status).toBe(200);
    expect(hasSession(client)).toBe(false);
    expect((await post(client, "/auth", { intent: "two_factor", code: enableCode })).status).toBe(401);
    expect(hasSession(client)).toBe(false);
    // The replayed code used up that challenge: a fresh sign-in starts a new one.
    await post(client, "/auth", { intent: "sign_in", email, password: PASSWORD });
    await passChallenge(client, backupCodes[2] ?? "");

    // Turning two-factor off tells the owner by e-mail.
    const off = await post(client, "/settings/account.data", { intent: "disable-two-factor", password: PASSWORD });
    expect(off.status).toBe(200);
    const notice = await mail.waitFor((m) => m.to.includes(email) && m.subject === "Two-factor authentication is off");
    expect(notice.text).toContain("If you didn't turn this off");
  });
});

describe("confirming a registration", () => {
  it("signs nobody in: the person signs in with their password afterwards", async () => {
    const email = `confirm-${Date.now()}@example.com`;
    await post(newSession(), "/auth", {
      intent: "sign_up",
      email,
      password: PASSWORD,
      firstName: "Pre",
      lastName: "Hijack",
      phone: "0412 345 678",
      phone_country: "AU",
    });
    const confirmation = await mail.waitFor((m) => m.to.includes(email) && m.text.includes("type=email"));
    expect(confirmation.text).toContain("This address was used to register a Laneway Rooms account.");

    const victim = newSession();
    const confirmed = await post(victim, "/auth/confirm", confirmParams(confirmation.text));
    expect(confirmed.status).toBe(302);
    expect(confirmed.location).toBe("/auth?view=sign_in&confirmed=1");
    expect(hasSession(victim)).toBe(false);
    expect(await signedInAs(victim)).toBe(false);
    expect((await send(victim, "/auth?view=sign_in&confirmed=1")).body).toContain(
      "Your e-mail address is confirmed. Please sign in.",
    );
    expect((await post(victim, "/auth", { intent: "sign_in", email, password: PASSWORD })).status).toBe(302);
  });
});
