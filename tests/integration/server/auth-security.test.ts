import { describe, expect, it } from "vitest";
import { SANDBOX_PRICE_ID } from "~/lib/adapters/payments/sandbox-payments.server";
import { CHECKOUT_RATE_LIMIT, PRICE_UNKNOWN } from "~/modules/billing/checkout.server";
import {
  newSession,
  post as postForm,
  send as sendRequest,
  signedIn,
  type HttpSession,
} from "~/tests/support/http-session";
import type { MailCatcher } from "~/tests/support/mail-catcher";
import { useServerWithMail } from "~/tests/support/server-with-mail";
import type { ServerProcess } from "~/tests/support/server-process";

/**
 * The account rules a client can observe over plain HTTP, against the built server with its demo
 * data and a real SMTP receiver. Each test sends from its own client address (the server trusts
 * X-Forwarded-For from loopback here) so per-address limits don't leak between tests.
 */
let server: ServerProcess;
let mail: MailCatcher;
const send = (client: HttpSession, path: string, init: { form?: Record<string, string>; origin?: string } = {}) =>
  sendRequest(server, client, path, init);
const post = (client: HttpSession, path: string, form: Record<string, string>) => postForm(server, client, path, form);

useServerWithMail((started) => ({ server, mail } = started));

const tokenFrom = (text: string) => new URL(/https?:\/\/\S+\/auth\/confirm\S*/.exec(text)?.[0] ?? "").searchParams;

describe("account pages without a session", () => {
  it.each(["/settings/profile", "/settings/account", "/settings/billing", "/settings/favorites", "/admin/users"])(
    "%s redirects to /auth with returnTo",
    async (path) => {
      const response = await send(newSession(), path);
      expect(response.status).toBe(302);
      expect(response.location).toBe(`/auth?view=sign_in&returnTo=${encodeURIComponent(path)}`);
    },
  );

  // Pages skip the session lookup when no session cookie is sent: a forged, look-alike or secure-
  // prefixed cookie must still leave the visitor signed out, with a page rather than an error.
  it.each([
    ["a forged session cookie", "better-auth.session_token", "forged.signature"],
    ["a forged cookie under the Secure prefix", "__Secure-better-auth.session_token", "forged.signature"],
    ["a look-alike cookie name", "better-auth.session_token_x", "anything"],
  ])("%s leaves the visitor signed out", async (_name, cookie, value) => {
    const withCookie = () => {
      const client = newSession();
      client.cookies.set(cookie, value);
      return client;
    };
    const account = await send(withCookie(), "/settings/profile");
    expect(account.status).toBe(302);
    expect(account.location).toBe("/auth?view=sign_in&returnTo=%2Fsettings%2Fprofile");
    const search = await send(withCookie(), "/search");
    expect(search.status).toBe(200);
    expect(search.body).toContain(">Sign In</a>");
  });

  it("the data request behind a client-side navigation is refused too", async () => {
    const response = await send(newSession(), "/settings/profile.data");
    // React Router answers data requests with its encoded redirect (202), never the page's data.
    expect(response.status).toBe(202);
    expect(response.body).toContain("/auth?view=sign_in&returnTo=%2Fsettings%2Fprofile");
    expect(response.body).not.toContain("firstName");
  });
});

describe("signing in", () => {
  it("ignores a returnTo on another site and sets an httpOnly, SameSite=Lax session cookie", async () => {
    const response = await fetch(`${server.url}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newSession().address },
      body: new URLSearchParams({
        intent: "sign_in",
        email: "tenant@example.com",
        password: "Password123!",
        returnTo: "https://evil.example/steal",
      }).toString(),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    const sessionCookie = response.headers.getSetCookie().find((cookie) => cookie.includes("session_token"));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/Secure/i); // plain http here; Secure behind https
  });

  it("refuses a cross-site form post", async () => {
    const response = await send(newSession(), "/auth", {
      form: { intent: "sign_in", email: "tenant@example.com", password: "Password123!" },
      origin: "https://evil.example",
    });
    expect(response.status).toBe(403);
  });

  it("a wrong password and an unknown address get the same answer", async () => {
    const wrong = await post(newSession(), "/auth", {
      intent: "sign_in",
      email: "tenant@example.com",
      password: "nope!!",
    });
    const unknown = await post(newSession(), "/auth", {
      intent: "sign_in",
      email: "nobody-here@example.com",
      password: "nope!!",
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toContain("Invalid email or password");
    expect(unknown.body).toContain("Invalid email or password");
  });

  it("limits attempts at one account from one address with 429 (see sign-in-limits.test.ts for the rest)", async () => {
    const email = "rate-limit-target@example.com";
    const guesser = newSession();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      statuses.push((await post(guesser, "/auth", { intent: "sign_in", email, password: "guess" })).status);
    }
    expect(statuses.every((status) => status === 401)).toBe(true);
    const refused = await post(guesser, "/auth", { intent: "sign_in", email, password: "guess" });
    expect(refused.status).toBe(429);
    expect(refused.body).toContain("Too many attempts");
  });
});

describe("e-mailed links and codes", () => {
  it("reset and magic-link requests answer the same whether or not the address exists", async () => {
    for (const intent of ["magic_link", "forgotten_password", "send_code"]) {
      const known = await post(newSession(), "/auth", { intent, email: "landlord@example.com" });
      const unknown = await post(newSession(), "/auth", { intent, email: "no-account-here@example.com" });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(known.status);
      const message = (body: string) => /Check your email[^<]*/.exec(body)?.[0];
      expect(message(unknown.body)).toBe(message(known.body));
    }
    await expect(
      mail.waitFor((message) => message.to.includes("no-account-here@example.com"), 1_000),
    ).rejects.toThrow();
  });

  it("a magic link opens a confirmation page, signs in once, and cannot be reused", async () => {
    const email = "staff@example.com";
    const since = mail.messages.length;
    await post(newSession(), "/auth", { intent: "magic_link", email });
    const message = await mail.waitFor(
      (candidate) => candidate.to.includes(email) && mail.messages.indexOf(candidate) >= since,
    );
    const params = tokenFrom(message.text);
    expect(params.get("type")).toBe("magic_link");

    // Opening the link (as a mail scanner would) signs nobody in and uses nothing up.
    const scanner = newSession();
    const opened = await send(scanner, `/auth/confirm?${params.toString()}`);
    expect(opened.status).toBe(200);
    expect(scanner.cookies.size).toBe(0);

    const first = await post(newSession(), "/auth/confirm", Object.fromEntries(params));
    expect(first.status).toBe(302);
    const again = await post(newSession(), "/auth/confirm", Object.fromEntries(params));
    expect(again.status).toBe(400);
    expect(again.body).toContain("already been used");
  });

  it("a sign-in code works once", async () => {
    const email = "landlord.pending@example.com";
    const since = mail.messages.length;
    await post(newSession(), "/auth", { intent: "send_code", email });
    const message = await mail.waitFor(
      (candidate) => candidate.to.includes(email) && mail.messages.indexOf(candidate) >= since,
    );
    const code = /\b(\d{6})\b/.exec(message.text)?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    const first = await post(newSession(), "/auth", { intent: "verify_code", email, code });
    expect(first.status).toBe(302);
    const again = await post(newSession(), "/auth", { intent: "verify_code", email, code });
    expect(again.status).toBeGreaterThanOrEqual(400);
  });

  it("sign-up sends a confirmation link that verifies the address; the account can then sign in", async () => {
    const email = `new-tenant-${Date.now()}@example.com`;
    const form = {
      intent: "sign_up",
      email,
      password: "a-good-password",
      firstName: "Mia",
      lastName: "Chen",
      phone: "0412 345 678",
      phone_country: "AU",
    };
    const signUp = await post(newSession(), "/auth", form);
    expect(signUp.status).toBe(200);
    expect(signUp.body).toContain("Check your email for the confirmation link.");

    const unverified = await post(newSession(), "/auth", { intent: "sign_in", email, password: form.password });
    expect(unverified.status).toBe(403);

    const message = await mail.waitFor(
      (candidate) => candidate.to.includes(email) && candidate.text.includes("type=email"),
    );
    const client = newSession();
    const confirmed = await post(client, "/auth/confirm", Object.fromEntries(tokenFrom(message.text)));
    expect(confirmed.status).toBe(302);
    expect(confirmed.location).toBe("/auth?view=sign_in&confirmed=1");
    // Confirming signs nobody in; the owner signs in with their password.
    expect((await send(client, "/settings/profile")).status).toBe(302);
    expect((await post(client, "/auth", { intent: "sign_in", email, password: form.password })).status).toBe(302);
    const profile = await send(client, "/settings/profile");
    expect(profile.status).toBe(200);

    // The same address again gets the same answer and no second account.
    const duplicate = await post(newSession(), "/auth", form);
    expect(duplicate.status).toBe(200);
    expect(duplicate.body).toContain("Check your email for the confirmation link.");
  });
});

describe("signing out", () => {
  it("ends the session on the server", async () => {
    const client = newSession();
    await post(client, "/auth", { intent: "sign_in", email: "admin@example.com", password: "Password123!" });
    const stolen = new Map(client.cookies);
    expect((await send(client, "/settings/account")).status).toBe(200);
    const signOut = await post(client, "/auth/sign-out", {});
    expect(signOut.status).toBe(302);
    expect(signOut.location).toBe("/");
    // Replaying the old cookie no longer works.
    const replay = await send({ address: newSession().address, cookies: stolen }, "/settings/account");
    expect(replay.status).toBe(302);
  });
});

describe("Subscribe posted by the browser itself (no JavaScript, or before the page's code)", () => {
  it("brings a refused checkout back to the page with a notice instead of a bare JSON body", async () => {
    const client = await signedIn(server, "landlord.pending@example.com");
    const subscribe = (returnTo: string, headers: Record<string, string>) =>
      sendRequest(server, client, "/billing/checkout", {
        form: { priceId: "price_unknown", returnTo },
        origin: server.url,
        headers,
      });
    const browserForm = { "sec-fetch-dest": "document", "sec-fetch-mode": "navigate", "sec-fetch-site": "same-origin" };

    const refused = await subscribe("/settings/billing", browserForm);
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/settings/billing");
    const page = await send(client, "/settings/billing");
    expect(page.status).toBe(200);
    expect(page.body).toContain(PRICE_UNKNOWN);

    // A return path to another site is not followed.
    const elsewhere = await subscribe("https://elsewhere.example/", browserForm);
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.location).toBe("/settings/billing");

    // The button's own request (and any script or client) still gets the refusal as data.
    const fromCode = await subscribe("/settings/billing", { "sec-fetch-dest": "empty", "sec-fetch-mode": "cors" });
    expect(fromCode.status).toBe(400);
    expect(fromCode.body).toContain(PRICE_UNKNOWN);
  });

  it("a flood of Subscribe clicks is refused with 429 for code and with a notice for the browser's own post", async () => {
    const client = await signedIn(server, "landlord.pending@example.com");
    const subscribe = (headers: Record<string, string>) =>
      sendRequest(server, client, "/billing/checkout", {
        form: { priceId: SANDBOX_PRICE_ID, returnTo: "/settings/billing" },
        origin: server.url,
        headers,
      });
    const fromCode = { "sec-fetch-dest": "empty", "sec-fetch-mode": "cors" };

    // Each click within the limit goes to the provider's checkout (the same open one, reused).
    const checkouts = new Set<string | null>();
    for (let click = 0; click < CHECKOUT_RATE_LIMIT.limit; click++) {
      const response = await subscribe(fromCode);
      expect(response.status).toBe(302);
      checkouts.add(response.location);
    }
    expect(checkouts.size).toBe(1);

    const limited = await subscribe(fromCode);
    expect(limited.status).toBe(429);
    expect(limited.body).toContain("Too many attempts. Please wait");

    const fromBrowser = await subscribe({ "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" });
    expect(fromBrowser.status).toBe(302);
    expect(fromBrowser.location).toBe("/settings/billing");
    const page = await send(client, "/settings/billing");
    expect(page.body).toContain("Too many attempts. Please wait");
  });
});
