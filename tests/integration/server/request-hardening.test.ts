import { readFileSync } from "node:fs";
import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { newSession, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import type { MailCatcher } from "~/tests/support/mail-catcher";
import { useServerWithMail } from "~/tests/support/server-with-mail";
import { httpRequest, SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";

/**
 * What the server refuses before any page code runs, seen over plain HTTP against the built
 * server: oversized bodies, cross-site posts, caching of signed-in pages, and the demo-only
 * development pages. The demo server trusts X-Forwarded-For from loopback, so a test can speak
 * as a client elsewhere on the internet.
 */
let demo: ServerProcess;
let mail: MailCatcher;

useServerWithMail((started) => ({ server: demo, mail } = started));

/** The server process's resident memory, in bytes. */
function residentBytes(server: ServerProcess): number {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) * 1024;
}

/**
 * Streams up to `totalBytes` of form data without Content-Length (chunked), honouring back-pressure,
 * and stops writing as soon as the server answers. Resolves with the answer and how much was sent,
 * or with status 0 when the connection closed before any answer arrived.
 */
function chunkedPost(
  server: ServerProcess,
  path: string,
  totalBytes: number,
  session?: HttpSession,
): Promise<{ status: number; body: string; connection: string | undefined; sentBytes: number }> {
  const cookie = session ? [...session.cookies].map(([name, value]) => `${name}=${value}`).join("; ") : "";
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const request = http.request(`${server.url}${path}`, {
      method: "POST",
      agent: false,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "transfer-encoding": "chunked",
        ...(session ? { cookie, "x-forwarded-for": session.address, origin: server.url } : {}),
      },
    });
    request.on("response", (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString("utf8"),
          connection: response.headers.connection,
          sentBytes,
        }),
      );
    });
    // The server closes the connection once it has answered: a write after that may fail.
    request.on("error", (error) => {
      if (!answered && !/EPIPE|ECONNRESET/.test(String(error))) reject(error);
    });
    // A server that cuts a body off closes the connection with the rest still arriving, and the
    // reset that follows can reach the client before its answer does.
    request.on("close", () => {
      if (!answered) resolve({ status: 0, body: "", connection: undefined, sentBytes });
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    const write = () => {
      while (!answered && !request.destroyed && sentBytes < totalBytes) {
        sentBytes += chunk.length;
        if (!request.write(chunk)) {
          request.once("drain", write);
          return;
        }
      }
      if (!answered && !request.destroyed) request.end();
    };
    request.write("source=footer&email=");
    write();
  });
}

describe("request bodies", () => {
  it("answers a chunked post over the limit with 413 and closes the connection", async () => {
    // Sent whole before the answer is read, as a browser sends a form: nothing is still arriving when
    // the server closes the connection, so the answer always reaches the client.
    const reply = await chunkedPost(demo, "/newsletter", 256 * 1024);
    expect(reply.status).toBe(413);
    expect(reply.body).toBe("The request is too large. Please shorten what you entered and try again.");
    expect(reply.connection).toBe("close");
  });

  it("cuts off a 64 MB chunked post before it is sent and keeps memory flat", async () => {
    // Warmed first with a small chunked post the server reads to its end, so what the first request
    // on this path loads (route code, parsers) is not counted as growth.
    expect((await chunkedPost(demo, "/newsletter", 0)).status).toBeLessThan(500);
    const before = residentBytes(demo);
    const reply = await chunkedPost(demo, "/newsletter", 64 * 1024 * 1024);
    // The server stops reading at the limit and closes the connection with the rest of the upload
    // still arriving: the client gets the 413 (above) or, on a busy machine, the reset first (0).
    expect([413, 0]).toContain(reply.status);
    expect(reply.sentBytes).toBeLessThan(64 * 1024 * 1024);
    expect(residentBytes(demo) - before).toBeLessThan(32 * 1024 * 1024);
  });

  it("refuses a declared body over the limit unread, and still takes ordinary and chunked small forms", async () => {
    const declared = await fetch(`${demo.url}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `message=${"x".repeat(100 * 1024)}`,
    });
    expect(declared.status).toBe(413);
    // A browser sends the whole form before it reads the answer: a declared body of a few MB is
    // read to the end and thrown away, so the person sees the message rather than a reset.
    const avatar = await fetch(`${demo.url}/settings/profile`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: Buffer.alloc(6 * 1024 * 1024),
    });
    expect(avatar.status).toBe(413);
    expect(avatar.headers.get("connection")).not.toBe("close");
    expect(await avatar.text()).toBe("The image must be 5 MB or smaller.");

    const ordinary = await send(demo, newSession(), "/newsletter", {
      form: { email: "ordinary@example.com", source: "footer" },
    });
    expect(ordinary.status).toBe(200);
    const chunkedSmall = await chunkedPost(demo, "/newsletter", 0);
    // Read whole and answered by the page: the e-mail is missing, not the body too large.
    expect(chunkedSmall.body).toContain("Enter a valid e-mail address");
  });

  it("holds the upload routes' own caps for chunked bodies too", async () => {
    const landlord = await signedIn(demo, "landlord@example.com");
    const photo = await chunkedPost(demo, "/list-property/photos", 16 * 1024 * 1024, landlord);
    expect(photo.status).toBe(413);
    expect(JSON.parse(photo.body)).toEqual({ error: "That photo is larger than 15 MB." });
    const avatar = await chunkedPost(demo, "/settings/profile", 6 * 1024 * 1024, landlord);
    expect(avatar).toMatchObject({ status: 413, body: "The image must be 5 MB or smaller." });
  });

  it("gives the listing form room for a long description", async () => {
    const landlord = await signedIn(demo, "landlord@example.com");
    const reply = await send(demo, landlord, "/list-property", {
      form: { title: "Long room", description: "é".repeat(9_000) },
      origin: demo.url,
    });
    expect(reply.status).not.toBe(413);
  });
});

describe("cross-site posts", () => {
  /** A sign-in post with the given browser headers: a session cookie proves it was accepted. */
  async function signInWith(headers: Record<string, string>) {
    const response = await fetch(`${demo.url}/auth`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": newSession().address,
        ...headers,
      },
      body: new URLSearchParams({ intent: "sign_in", email: "tenant@example.com", password: "Password123!" }),
      redirect: "manual",
    });
    const session = response.headers.getSetCookie().some((cookie) => cookie.includes("session_token"));
    return { status: response.status, session, body: await response.text() };
  }

  it.each([
    ["Sec-Fetch-Site: cross-site without an Origin", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site: same-site without an Origin", { "sec-fetch-site": "same-site" }],
    [
      "Sec-Fetch-Site: same-site from a sibling subdomain",
      { "sec-fetch-site": "same-site", origin: "http://evil.127.0.0.1.nip.io" },
    ],
    ["a foreign Origin", { origin: "https://evil.example" }],
  ])("refuses %s and signs nobody in", async (_name, headers) => {
    const reply = await signInWith(headers);
    expect(reply).toEqual({ status: 403, session: false, body: "Cross-site request refused" });
  });

  it("accepts same-origin posts, typed or bookmarked ones, and scripts without browser headers", async () => {
    const cases: Record<string, string>[] = [
      { "sec-fetch-site": "same-origin", origin: demo.url },
      { "sec-fetch-site": "none" },
      {},
    ];
    for (const headers of cases) {
      const reply = await signInWith(headers);
      expect(reply, JSON.stringify(headers)).toMatchObject({ status: 302, session: true });
    }
  });
});

describe("cookie consent posted by the banner's form", () => {
  const postConsent = (headers: Record<string, string>) =>
    fetch(`${demo.url}/cookie-consent`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({ choice: "accept" }),
      redirect: "manual",
    });

  it("refuses a cross-site post and stores no consent", async () => {
    const crossSite: Record<string, string>[] = [
      { origin: "https://evil.example", referer: "https://evil.example/page" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of crossSite) {
      const response = await postConsent(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("stores a same-origin choice and sends the visitor back to the page, never off the site", async () => {
    const back = await postConsent({
      "sec-fetch-site": "same-origin",
      origin: demo.url,
      referer: `${demo.url}/search?title=loft`,
    });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe("/search?title=loft");
    expect(back.headers.getSetCookie()).toContain(
      `cookie_consent={"analytics":true,"marketing":true}; Max-Age=31536000; Path=/; SameSite=Strict`,
    );
    const foreignReferer = await postConsent({ referer: "https://evil.example/page" });
    expect(foreignReferer.status).toBe(303);
    expect(foreignReferer.headers.get("location")).toBe("/");
  });
});

describe("caching", () => {
  let tenant: HttpSession;
  beforeAll(async () => {
    tenant = await signedIn(demo, "tenant@example.com");
  });

  const cacheControlOf = async (path: string, session: HttpSession) => {
    const cookie = [...session.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await httpRequest(`${demo.url}${path}`, {
      headers: { "x-forwarded-for": session.address, ...(cookie ? { cookie } : {}) },
    });
    return { status: response.status, cacheControl: response.headers["cache-control"] };
  };

  it.each(["/settings/profile", "/settings/profile.data", "/", "/search", "/_root.data"])(
    "marks %s rendered for a session private, no-store",
    async (path) => {
      expect(await cacheControlOf(path, tenant)).toMatchObject({ cacheControl: "private, no-store" });
    },
  );

  it("leaves anonymous public pages and hashed assets cacheable", async () => {
    expect((await cacheControlOf("/search", newSession())).cacheControl).toBeUndefined();
    const page = await httpRequest(`${demo.url}/`);
    const asset = /\/assets\/[\w.-]+\.js/.exec(page.text())?.[0];
    expect(asset).toBeDefined();
    expect(await cacheControlOf(asset ?? "", tenant)).toEqual({
      status: 200,
      cacheControl: "public, max-age=31536000, immutable",
    });
  });

  it("marks the answer that sets the session cookie private, no-store", async () => {
    const response = await fetch(`${demo.url}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newSession().address },
      body: new URLSearchParams({ intent: "sign_in", email: "tenant@example.com", password: "Password123!" }),
      redirect: "manual",
    });
    expect(response.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("demo mode", () => {
  const devPage = (path: string, forwardedFor?: string) =>
    httpRequest(`${demo.url}${path}`, { headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} });

  it("serves the development pages to this machine only", async () => {
    expect((await devPage("/dev/mail")).status).toBe(200);
    expect((await devPage("/dev/mail", "203.0.113.5")).status).toBe(404);
    expect((await devPage("/dev/mail.data", "203.0.113.5")).status).toBe(404);
    expect((await devPage("/dev/ui", "2001:db8::5")).status).toBe(404);
    // A client that writes 127.0.0.1 into X-Forwarded-For itself is still the address the proxy saw.
    expect((await devPage("/dev/mail", "127.0.0.1, 203.0.113.5")).status).toBe(404);
    expect((await devPage("/dev/address-suggestions?q=Carlton", "203.0.113.5")).status).toBe(404);
  });

  it("warns at boot and, without HOST, listens on loopback only", { timeout: SERVER_HOOK_TIMEOUT_MS }, async () => {
    // The server alone: the warning and the address need no demo data.
    const server = await startServer({ env: { HOST: undefined, LOG_LEVEL: "warn" }, seedDemo: false });
    try {
      const listening = readFileSync("/proc/net/tcp", "utf8")
        .split("\n")
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        .filter(
          ([, local, , state]) =>
            state === "0A" && local?.endsWith(`:${server.port.toString(16).toUpperCase().padStart(4, "0")}`),
        )
        .map(([, local]) => local?.split(":")[0]);
      expect(listening).toEqual(["0100007F"]); // 127.0.0.1, not 0.0.0.0 (00000000)
      const output = [...server.stdout, ...server.stderr].join("\n");
      expect(output).toContain("DEMO MODE");
      expect(output).toContain("listening on 127.0.0.1");
    } finally {
      await server.stop();
    }
  });

  it(
    "serves no development page in production, not even to this machine",
    { timeout: SERVER_HOOK_TIMEOUT_MS },
    async () => {
      const production = await startServer({
        env: {
          NODE_ENV: "production",
          AUTH_SECRET: "a-production-secret-of-at-least-32-characters",
          SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
        },
      });
      try {
        for (const path of ["/dev/mail", "/dev/ui", "/dev/error"]) {
          expect((await httpRequest(`${production.url}${path}`)).status, path).toBe(404);
        }
        expect([...production.stdout, ...production.stderr].join("\n")).not.toContain("DEMO MODE");
      } finally {
        await production.stop();
      }
    },
  );
});
