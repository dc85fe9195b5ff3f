import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSession, post as postForm, type HttpSession } from "~/tests/support/http-session";
import type { MailCatcher } from "~/tests/support/mail-catcher";
import { registeredAccount, useServerWithMail } from "~/tests/support/server-with-mail";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";

/**
 * Sign-in limits as a client sees them: guessing from one address cannot lock the owner out from
 * another, a per-account ceiling still stops guessing spread over many addresses, and with
 * REDIS_URL two instances share one budget. Raw HTTP against built servers; TRUSTED_PROXIES lets a
 * test speak from any address.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const TOO_MANY = /Too many attempts\. Please wait \d+ minutes? and try again\./;
const PASSWORD = "a-good-password";

let server: ServerProcess;
let mail: MailCatcher;

useServerWithMail((started) => ({ server, mail } = started));

/** A client at a given address. */
const at = (address: string): HttpSession => ({ ...newSession(), address });
const signIn = (target: ServerProcess, client: HttpSession, email: string, password: string) =>
  postForm(target, client, "/auth", { intent: "sign_in", email, password });

const registered = (label: string) => registeredAccount({ server, mail }, label, PASSWORD);

describe("sign-in limits", () => {
  it("wrong passwords from one address do not stop the owner signing in from another", async () => {
    const email = await registered("guessed");
    const attacker = at("203.0.113.66");
    for (let guess = 0; guess < 10; guess++) {
      const reply = await signIn(server, attacker, email, `wrong-${guess}`);
      expect(reply.status).toBe(401);
    }
    const stopped = await signIn(server, attacker, email, "wrong-again");
    expect(stopped.status).toBe(429);
    expect(stopped.body).toMatch(TOO_MANY);
    // Even the right password is refused from the guessing address until the window ends…
    expect((await signIn(server, attacker, email, PASSWORD)).status).toBe(429);
    // …while the owner, elsewhere, signs straight in.
    const owner = at("198.18.0.10");
    expect((await signIn(server, owner, email, PASSWORD)).status).toBe(302);
    expect([...owner.cookies.keys()].some((name) => name.includes("session_token"))).toBe(true);
  });

  it("guessing e-mailed links from one address is refused with 429, as guessing passwords is", async () => {
    const guesser = at("203.0.113.77");
    const redeem = (guess: number) =>
      postForm(server, guesser, "/auth/confirm", { type: "magic_link", token: `guessed-${guess}` });
    for (let guess = 0; guess < 60; guess++) expect((await redeem(guess)).status, `guess ${guess}`).toBe(400);
    const stopped = await redeem(60);
    expect(stopped.status).toBe(429);
    expect(stopped.body).toMatch(TOO_MANY);
  });

  // A hundred password checks (each a deliberately slow hash) can outlast the default 30 s on a busy machine.
  it("guessing spread over 10 networks meets the per-account ceiling: the owner is warned once by e-mail and an e-mailed code still signs them in", async () => {
    const email = await registered("spread");
    // Ten guesses from each of ten networks: each stays within its own limit, the account's ceiling is met.
    for (let guess = 0; guess < 100; guess++) {
      const reply = await signIn(server, at(`192.0.2.${(guess % 10) + 1}`), email, `wrong-${guess}`);
      expect(reply.status, `guess ${guess}`).toBe(401);
    }
    const refused = await signIn(server, at("198.18.0.20"), email, PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatch(TOO_MANY);
    expect(refused.body).toContain("You can still sign in with a one-time code sent to your e-mail.");
    expect(refused.body).toMatch(/href="\/auth\?view=verify_otp"[^>]*>Sign in with a one-time code</);
    for (let more = 0; more < 3; more++) {
      expect((await signIn(server, at(`192.0.2.${more + 50}`), email, "wrong-again")).status).toBe(429);
    }

    const warning = await mail.waitFor((m) => m.to.includes(email) && m.subject.includes("is being attacked"));
    expect(warning.text).toContain("signing in with a password is paused for up to 15 minutes");
    expect(warning.text).toMatch(/https?:\/\/\S+\/auth\?view=verify_otp/);

    // The e-mailed code still signs the owner in while passwords are paused.
    const owner = at("198.18.0.21");
    expect((await postForm(server, owner, "/auth", { intent: "send_code", email })).status).toBe(200);
    const codeMail = await mail.waitFor((m) => m.to.includes(email) && m.subject.endsWith("sign-in code"));
    const code = /\b\d{6}\b/.exec(codeMail.text)?.[0] ?? "";
    expect((await postForm(server, owner, "/auth", { intent: "verify_code", email, code })).status).toBe(302);
    expect([...owner.cookies.keys()].some((name) => name.includes("session_token"))).toBe(true);
    // Queued after the refusals, the code arrived after any second warning would have: there is one.
    expect(mail.messages.filter((m) => m.to.includes(email) && m.subject.includes("is being attacked"))).toHaveLength(
      1,
    );
  }, 90_000);

  it("guessing from one address is refused without the e-mailed-code hint: the owner is not locked out", async () => {
    const email = await registered("one-address");
    const attacker = at("203.0.113.77");
    for (let guess = 0; guess < 10; guess++) await signIn(server, attacker, email, `wrong-${guess}`);
    const stopped = await signIn(server, attacker, email, "wrong-again");
    expect(stopped.status).toBe(429);
    expect(stopped.body).not.toContain("one-time code sent to your e-mail");
  });
});

describe("with Redis, limits are shared by every instance", () => {
  let second: ServerProcess;
  let third: ServerProcess;
  beforeAll(async () => {
    [second, third] = await Promise.all([
      startServer({ env: { REDIS_URL, TRUSTED_PROXIES: "loopback", LOG_LEVEL: "warn" } }),
      startServer({ env: { REDIS_URL, TRUSTED_PROXIES: "loopback", LOG_LEVEL: "warn" } }),
    ]);
  }, SERVER_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all([second?.stop(), third?.stop()]);
  });

  it("counts one client's guesses across two instances against one budget", async () => {
    // A fresh IPv6 /64 and account each run: Redis outlives the servers.
    const client = at(`2001:db8:${randomInt(0xffff).toString(16)}:${randomInt(0xffff).toString(16)}::1`);
    const email = `nobody-${randomUUID()}@example.com`;
    const statuses = [];
    for (let guess = 0; guess < 12; guess++) {
      statuses.push((await signIn(guess % 2 ? third : second, client, email, "wrong")).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
