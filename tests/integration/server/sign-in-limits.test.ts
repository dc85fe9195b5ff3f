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

  it("guessing spread over many addresses meets the per-account ceiling, with the same message", async () => {
    const email = await registered("spread");
    for (let guess = 0; guess < 100; guess++) {
      const reply = await signIn(server, at(`192.0.2.${guess + 1}`), email, `wrong-${guess}`);
      expect(reply.status, `guess ${guess}`).toBe(401);
    }
    const refused = await signIn(server, at("198.18.0.20"), email, PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatch(TOO_MANY);
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
