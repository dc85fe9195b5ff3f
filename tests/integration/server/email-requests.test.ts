import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSession, post } from "~/tests/support/http-session";
import {
  freePort,
  httpRequest,
  SERVER_HOOK_TIMEOUT_MS,
  startServer,
  waitFor,
  type ServerProcess,
} from "~/tests/support/server-process";

/**
 * Links and codes sent by e-mail on request, with the mail server down: the answer is immediate
 * and the same whether or not the address has an account, and the message waits in the outbox
 * for the server to come back. Raw HTTP against the built server with its demo data.
 */
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({
    env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, TRUSTED_PROXIES: "loopback", LOG_LEVEL: "error" },
  });
}, SERVER_HOOK_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

describe("e-mail requests while the mail server is down", () => {
  it.each(["forgotten_password", "magic_link", "send_code"])(
    "%s answers the same for an existing and an unknown address",
    async (intent) => {
      const known = await post(server, newSession(), "/auth", { intent, email: "landlord@example.com" });
      const unknown = await post(server, newSession(), "/auth", { intent, email: `nobody-${intent}@example.com` });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(known.status);
      const message = (body: string) => /Check your email[^<]*/.exec(body)?.[0];
      expect(message(known.body)).toBeDefined();
      expect(message(unknown.body)).toBe(message(known.body));
      expect(known.body).not.toContain("couldn't send");
    },
  );

  it("keeps the existing account's messages queued for a retry, and none for the unknown one", async () => {
    await waitFor(
      "three queued messages for the landlord",
      async () => {
        const outbox = (await httpRequest(`${server.url}/dev/mail`)).text();
        return (outbox.match(/landlord@example\.com/g) ?? []).length >= 3 && outbox.includes("Queued");
      },
      { timeoutMs: 10_000, intervalMs: 200 },
    );
    expect((await httpRequest(`${server.url}/dev/mail`)).text()).not.toContain("nobody-");
  });
});
