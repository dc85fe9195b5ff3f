import http from "node:http";
import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSession, post, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import { probePath, ROUTES } from "~/tests/support/route-table";
import { SERVER_HOOK_TIMEOUT_MS, sleep, startServer, type ServerProcess } from "~/tests/support/server-process";
import {
  createTestDatabase,
  tableChecksums,
  type TableChecksums,
  type TestDatabase,
} from "~/tests/support/test-database";

/**
 * Attack corpora over raw HTTP against the built server: open redirects on every redirecting
 * parameter, malformed and oversized bodies on every action and API write (4xx, never 5xx), NUL
 * characters in every page's query, every action's fields and the API's JSON (4xx, nothing written),
 * and hostile uploads on every upload endpoint.
 */
let server: ServerProcess;
let landlord: HttpSession;
let staff: HttpSession;
let admin: HttpSession;

beforeAll(async () => {
  server = await startServer({ env: { TRUSTED_PROXIES: "loopback", LOG_LEVEL: "warn" } });
  [landlord, staff, admin] = await Promise.all([
    signedIn(server, "landlord@example.com"),
    signedIn(server, "staff@example.com"),
    signedIn(server, "admin@example.com"),
  ]);
}, SERVER_HOOK_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

/** Ways of writing "somewhere else" that browsers or URL parsers have been known to follow. */
const OFFSITE = [
  "https://evil.example/",
  "//evil.example/",
  "///evil.example/",
  "/\\evil.example/",
  "\\\\evil.example/",
  "/%2F%2Fevil.example/",
  "/%5Cevil.example/",
  "https:evil.example",
  "http:/\\/evil.example",
  "\t//evil.example/",
  " //evil.example/",
  "/\t/evil.example/",
  "javascript:alert(document.domain)",
  "data:text/html,<script>alert(1)</script>",
  "https://127.0.0.1.evil.example/",
  "/@evil.example",
];
const REDIRECT_PARAMETERS = ["returnTo", "redirect", "redirectTo", "next", "callbackURL", "url", "to"];

/**
 * A Location (or none) that stays on this site, and whose own returnTo (a sign-in page keeps the
 * target for later) stays on it too once followed.
 */
function staysOnSite(location: string | null): boolean {
  if (location === null) return true;
  const target = new URL(location, server.url);
  if (target.origin !== server.url) return false;
  const next = target.searchParams.get("returnTo");
  return next === null || (/^\/(?![/\\])/.test(next) && new URL(next, server.url).origin === server.url);
}

/** A link, form target or field, or a navigation target handed to script, that points off the site. */
const OFFSITE_IN_PAGE =
  /(?:href|action|value|content)="(?:[a-z]+:|\/\/|\/\\|\\\\|\s)[^"]*evil\.example|"to":"(?!\/[^/\\])|javascript:alert|data:text\/html,<script/i;

describe("open redirects", () => {
  it("never leave the site from any redirecting parameter, signed in or out", async () => {
    const offsite: string[] = [];
    const record = (label: string, reply: { status: number; location: string | null; body: string }) => {
      if (reply.status >= 500) offsite.push(`${label}: ${reply.status}`);
      if (!staysOnSite(reply.location)) offsite.push(`${label}: Location ${reply.location}`);
      const inPage = OFFSITE_IN_PAGE.exec(reply.body)?.[0];
      if (inPage) offsite.push(`${label}: ${inPage} in the page`);
    };
    for (const payload of OFFSITE) {
      for (const name of REDIRECT_PARAMETERS) {
        const query = `?${new URLSearchParams({ [name]: payload }).toString()}`;
        for (const target of ["/auth", "/auth/callback", "/auth/confirm", "/api/auth/callback/oidc", "/settings"]) {
          record(`GET ${target}${query} signed out`, await send(server, newSession(), `${target}${query}`));
          record(`GET ${target}${query} signed in`, await send(server, landlord, `${target}${query}`));
        }
        record(
          `POST /billing/checkout ${name}=${payload} signed out`,
          await post(server, newSession(), "/billing/checkout", { [name]: payload }),
        );
        record(
          `POST /auth/sign-out ${name}=${payload} signed out`,
          await post(server, newSession(), `/auth/sign-out${query}`, { [name]: payload }),
        );
      }
      // Signing in follows returnTo: a fresh session and address each time, so no limit is met.
      record(
        `POST /auth sign_in returnTo=${payload}`,
        await post(server, newSession(), `/auth?returnTo=${encodeURIComponent(payload)}`, {
          intent: "sign_in",
          email: "tenant@example.com",
          password: "Password123!",
          returnTo: payload,
        }),
      );
    }
    expect(offsite).toEqual([]);
  }, 120_000);
});

/** A raw request with any body and content type, as the session. */
function rawPost(
  session: HttpSession,
  target: string,
  body: string | Buffer,
  contentType: string,
  extra: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}${target}`, {
      method: "POST",
      agent: false,
      headers: {
        "content-type": contentType,
        "content-length": String(Buffer.byteLength(body)),
        "x-forwarded-for": session.address,
        origin: server.url,
        cookie: [...session.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        ...extra,
      },
    });
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
    request.end(body);
  });
}

const MALFORMED: [label: string, contentType: string, body: string | Buffer][] = [
  ["broken percent-encoding", "application/x-www-form-urlencoded", "intent=%E0%A4%A&title=%%%&x=%ZZ"],
  ["broken JSON", "application/json", '{"intent": "save", "title": '],
  ["JSON nested 50,000 deep", "application/json", `${"[".repeat(50_000)}${"]".repeat(50_000)}`],
  [
    "truncated multipart",
    "multipart/form-data; boundary=xyz",
    '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave',
  ],
  ["multipart without a boundary", "multipart/form-data", "--\r\n\r\n"],
  ["an unknown content type", "text/x-unknown", "intent=save"],
  [
    "invalid UTF-8",
    "application/x-www-form-urlencoded; charset=utf-8",
    Buffer.from([0x69, 0x3d, 0xff, 0xfe, 0xc3, 0x28]),
  ],
  ["a form field repeated 5,000 times", "application/x-www-form-urlencoded", "intent=save&".repeat(5_000)],
  ["2 MB of form", "application/x-www-form-urlencoded", `title=${"x".repeat(2 * 1024 * 1024)}`],
];

describe("malformed and oversized bodies", () => {
  it("answer 4xx (or the sign-in redirect), never 5xx, on every action, signed in and out", async () => {
    const failures: string[] = [];
    const targets = ROUTES.filter((route) => route.hasAction).map((route) => probePath(route.pattern));
    for (const session of [newSession(), admin]) {
      for (const target of targets) {
        if (target === "/auth/sign-out") continue; // ends the admin session; it reads no body
        for (const [label, type, body] of MALFORMED) {
          const status = await rawPost(session, target, body, type);
          if (status >= 500 || status < 300) failures.push(`${target} with ${label}: ${status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("answer 4xx on every API write, with and without a key", async () => {
    const failures: string[] = [];
    const writes = ["/api/listings", "/api/blog", "/api/enquiries/00000000-0000-4000-8000-000000000000/messages"];
    for (const target of writes) {
      for (const [label, type, body] of [
        ...MALFORMED,
        ["JSON that is not an object", "application/json", "[1,2,3]"],
        ["JSON with a prototype key", "application/json", '{"__proto__": {"admin": true}, "constructor": {}}'],
      ] as const) {
        const status = await rawPost(newSession(), target, body, type, { authorization: "Bearer lr_live_nope" });
        if (status < 400 || status >= 500) failures.push(`${target} with ${label}: ${status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

/** Every file under the server's DATA_DIR, relative to it. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(server.dataDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.parentPath.includes("pglite") && !entry.name.startsWith("."))
    .map((entry) => path.relative(server.dataDir, path.join(entry.parentPath, entry.name)));
}

async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: "#0f766e" } })
    .jpeg()
    .toBuffer();
}

/** A real, tiny PNG whose header claims 30,000 × 30,000 pixels: a decompression bomb's shape. */
async function bombPng(): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: "white" } })
    .png()
    .toBuffer();
  const ihdr = 8 + 4;
  png.writeUInt32BE(30_000, ihdr + 4);
  png.writeUInt32BE(30_000, ihdr + 8);
  const { crc32 } = await import("node:zlib");
  png.writeUInt32BE(crc32(png.subarray(ihdr, ihdr + 4 + 13)), ihdr + 4 + 13);
  return png;
}

const UPLOADS = [
  { label: "a listing photo", path: "/list-property/photos", field: "file", who: () => landlord, extra: {} },
  { label: "a post image", path: "/admin/posts/image", field: "file", who: () => staff, extra: {} },
  { label: "an avatar", path: "/settings/profile", field: "avatar", who: () => landlord, extra: { intent: "avatar" } },
] as const;

describe("upload attacks", () => {
  it.each(UPLOADS)("refuse hostile files as $label and store nothing", async (upload) => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
    );
    const html = Buffer.from("<!doctype html><script>alert(document.domain)</script>");
    // A GIF header followed by HTML: a file that is both, for a browser that sniffs.
    const gifar = Buffer.concat([Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), html]);
    const attacks: [string, Buffer, string, string][] = [
      ["an SVG with script", svg, "room.svg", "image/svg+xml"],
      ["an SVG named .jpg", svg, "room.jpg", "image/jpeg"],
      ["HTML named .jpg", html, "room.jpg", "image/jpeg"],
      ["a GIF/HTML polyglot", gifar, "room.gif", "image/gif"],
      ["a decompression bomb PNG", await bombPng(), "bomb.png", "image/png"],
      ["an empty file", Buffer.alloc(0), "empty.jpg", "image/jpeg"],
    ];
    const before = await storedFiles();
    for (const [label, bytes, name, type] of attacks) {
      const form = new FormData();
      for (const [key, value] of Object.entries(upload.extra)) form.set(key, value);
      form.set(upload.field, new Blob([new Uint8Array(bytes)], { type }), name);
      const reply = await post(server, upload.who(), upload.path, form);
      expect(reply.status, label).toBeGreaterThanOrEqual(400);
      expect(reply.status, label).toBeLessThan(500);
    }
    expect(await storedFiles()).toEqual(before);
  });

  it.each(UPLOADS)("store $label under a name of their own, whatever the file is called", async (upload) => {
    // A real JPEG with HTML in its comment: accepted only as a re-encoded image, the HTML gone.
    const polyglot = await sharp(await jpeg())
      .withMetadata({ exif: { IFD0: { ImageDescription: "<script>alert(1)</script>" } } })
      .jpeg()
      .toBuffer();
    for (const name of [
      "../../../../etc/passwd.jpg",
      "..\\..\\evil.jpg",
      "a/b/../../c.jpg",
      "%2e%2e%2fx.jpg",
      "x.jpg\u0000.html",
    ]) {
      const before = new Set(await storedFiles());
      const form = new FormData();
      for (const [key, value] of Object.entries(upload.extra)) form.set(key, value);
      form.set(upload.field, new Blob([new Uint8Array(polyglot)], { type: "image/jpeg" }), name);
      const reply = await post(server, upload.who(), upload.path, form);
      expect(reply.status, name).toBeLessThan(500);
      const added = (await storedFiles()).filter((file) => !before.has(file));
      for (const file of added) {
        expect(file, name).toMatch(/^uploads\//);
        expect(file, name).not.toMatch(/passwd|evil|\.\.|\.html/);
        const served = await fetch(`${server.url}/${file}`);
        expect(served.headers.get("content-type"), file).toMatch(/^image\//);
        expect(served.headers.get("x-content-type-options"), file).toBe("nosniff");
        expect(Buffer.from(await served.arrayBuffer()).includes("<script>"), file).toBe(false);
      }
    }
  });
});

/**
 * U+0000 cannot be stored or compared by PostgreSQL: a query given one fails. Every way in (a
 * page's path or query, a form field urlencoded or multipart, an API query or JSON body) must be
 * refused with 4xx before anything runs. On PostgreSQL (TEST_DATABASE_URL) the suite has its own
 * server and database, and a checksum of every table proves nothing was written; on PGlite it uses
 * the file's server and checks the answers only.
 */
describe("NUL characters", () => {
  let target: ServerProcess;
  let database: TestDatabase | undefined;
  let checksums: (() => Promise<TableChecksums>) | undefined;
  const sessions: { label: string; session: HttpSession }[] = [];
  let adminKey: string;
  let landlordKey: string;

  /** Every table's count and checksum on PostgreSQL; on PGlite the server's database is out of reach. */
  const snapshot = async (): Promise<TableChecksums> => (checksums ? checksums() : new Map());

  async function createKey(session: HttpSession): Promise<string> {
    const reply = await post(target, session, "/settings/api-keys.data", { intent: "create", name: "NUL corpus" });
    const key = /lr_live_[0-9A-Za-z]{36}/.exec(reply.body)?.[0];
    if (!key) throw new Error(`creating a key answered ${reply.status}`);
    return key;
  }

  /** A raw request to the suite's server: any method, body and headers. */
  async function request(
    session: HttpSession,
    pathAndQuery: string,
    init: { method?: string; body?: string | FormData; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; type: string; body: string }> {
    const response = await fetch(`${target.url}${pathAndQuery}`, {
      method: init.method ?? "GET",
      redirect: "manual",
      headers: {
        "x-forwarded-for": session.address,
        origin: target.url,
        cookie: [...session.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        ...init.headers,
      },
      body: init.body,
    });
    return { status: response.status, type: response.headers.get("content-type") ?? "", body: await response.text() };
  }

  function firstId(body: string): string {
    const id = /"id":"([0-9a-f-]{36})"/.exec(body)?.[1];
    if (!id) throw new Error(`no id in ${body.slice(0, 200)}`);
    return id;
  }

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) {
      database = await createTestDatabase("postgres");
      target = await startServer({
        env: { DATABASE_URL: database.url, TRUSTED_PROXIES: "loopback", LOG_LEVEL: "warn" },
      });
      checksums = await tableChecksums(database.db);
    } else target = server;
    const [visitor, tenant, owner, administrator] = [
      newSession(),
      await signedIn(target, "tenant@example.com"),
      await signedIn(target, "landlord@example.com"),
      await signedIn(target, "admin@example.com"),
    ];
    sessions.push(
      { label: "visitor", session: visitor },
      { label: "tenant", session: tenant },
      { label: "landlord", session: owner },
      { label: "admin", session: administrator },
    );
    [adminKey, landlordKey] = [await createKey(administrator), await createKey(owner)];
  }, SERVER_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    if (database) {
      await target?.stop();
      await database.close();
    }
  });

  it("in a page's path or query answer 4xx on every route, for every role, and change nothing", async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const route of ROUTES) {
      const targets = [
        `${probePath(route.pattern)}?title=a%00b&keyword=%00&q=%00&status=%00&page=1%00&returnTo=%2F%00`,
      ];
      if (/[:*]/.test(route.pattern)) {
        targets.push(route.pattern.replace(/:\w+/g, "a%00b").replace(/\*$/, "a%00b"));
      }
      for (const { label, session } of sessions) {
        for (const path of targets) {
          const reply = await request(session, path);
          if (reply.status < 400 || reply.status >= 500) failures.push(`GET ${path} as ${label}: ${reply.status}`);
        }
      }
    }
    for (const path of ["/search?title=a%00b", "/search?keyword=%00", "/search?title=%2Fe%00x&pageSize=24"]) {
      const reply = await request(newSession(), path);
      expect(reply.status, path).toBe(400);
      expect(reply.body, path).toMatch(/null character/);
    }
    // Other control characters are text PostgreSQL stores and compares: searched as usual.
    expect((await request(newSession(), "/search?title=a%01b%1Fc%7F&pageSize=24")).status).toBe(200);
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 180_000);

  it("in a form field answer 4xx on every action, urlencoded and multipart, and change nothing", async () => {
    // The fields the site's forms use, each carrying a NUL: whichever an action reads reaches it.
    const fields: Record<string, string> = {
      intent: "save",
      title: "/e\u0000x",
      description: "A room\u0000",
      name: "Ann\u0000",
      email: "ann\u0000@example.com",
      message: "Hello\u0000",
      body: "Hello\u0000",
      q: "\u0000",
      reason: "\u0000",
      subject: "\u0000",
      content: "<p>\u0000</p>",
      slug: "a\u0000b",
    };
    const owner = sessions.find((entry) => entry.label === "landlord")!.session;
    const properties = await request(owner, "/settings/properties");
    const listingId = /list-property\?edit=([0-9a-f-]{36})/.exec(properties.body)?.[1];
    expect(listingId, "a listing of the landlord's to edit").toBeDefined();
    const before = await snapshot();
    const failures: string[] = [];
    const targets = [
      ...ROUTES.filter((route) => route.hasAction)
        .map((route) => probePath(route.pattern))
        // Signing out last: without the refusal it would end the sessions the other posts use.
        .sort((a, b) => Number(a === "/auth/sign-out") - Number(b === "/auth/sign-out")),
    ];
    targets.splice(0, 0, `/list-property?edit=${listingId}`);
    for (const path of targets) {
      for (const { label, session } of sessions) {
        const urlencoded = await request(session, path, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields).toString(),
        });
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.set(name, value);
        const multipart = await request(session, path, { method: "POST", body: form });
        for (const [encoding, reply] of [
          ["urlencoded", urlencoded],
          ["multipart", multipart],
        ] as const) {
          if (reply.status < 400 || reply.status >= 500) {
            failures.push(`POST ${path} (${encoding}) as ${label}: ${reply.status}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 180_000);

  it("in the API's query or JSON body answer 400 problem details, and change nothing", async () => {
    const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
    const listings = await request(newSession(), "/api/listings?limit=50", { headers: bearer(landlordKey) });
    const listingId = (JSON.parse(listings.body) as { data: { id: string; status: string }[] }).data.find(
      (listing) => listing.status === "available",
    )?.id;
    if (!listingId) throw new Error(`the landlord has no available listing: ${listings.body.slice(0, 200)}`);
    const postId = firstId((await request(newSession(), "/api/blog?limit=1", { headers: bearer(adminKey) })).body);
    // A conversation the landlord takes part in: the tenant enquires about their listing.
    const tenant = sessions.find((entry) => entry.label === "tenant")!.session;
    const enquiry = new URLSearchParams({ moveInDate: "2030-03-01", leaseMonths: "6", message: "Hello", phone: "" });
    await request(tenant, `/listing/${listingId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: enquiry.toString(),
    });
    const conversationId = firstId(
      (await request(newSession(), "/api/enquiries?limit=1", { headers: bearer(landlordKey) })).body,
    );
    // Last-used times are written in the background after a key's first request.
    await sleep(1_000);
    const before = await snapshot();
    const json = (key: string, method: string, body: string) => ({
      method,
      body,
      headers: { ...bearer(key), "content-type": "application/json" },
    });
    const attempts: [string, string, ReturnType<typeof json> | { headers: Record<string, string> }][] = [
      ["GET /api/listings?title=a%00b", "/api/listings?title=a%00b", { headers: bearer(landlordKey) }],
      ["GET /api/listings?keyword=%00", "/api/listings?keyword=%00", { headers: bearer(landlordKey) }],
      ["GET /api/listings/{id}%00", `/api/listings/${listingId}%00`, { headers: bearer(landlordKey) }],
      [
        "POST /api/listings",
        "/api/listings",
        json(landlordKey, "POST", '{"title":"Room\\u0000","status":"available"}'),
      ],
      ["POST /api/listings (key)", "/api/listings", json(landlordKey, "POST", '{"ti\\u0000tle":"Room"}')],
      ["PUT /api/listings/{id}", `/api/listings/${listingId}`, json(landlordKey, "PUT", '{"title":"/e\\u0000x"}')],
      [
        "PUT /api/listings/{id} (nested)",
        `/api/listings/${listingId}`,
        json(landlordKey, "PUT", '{"photos":[{"url":"/uploads/a.jpg","alt":"\\\\\\u0000"}]}'),
      ],
      [
        "POST /api/blog",
        "/api/blog",
        json(adminKey, "POST", '{"title":"Post","slug":"post-nul","content":"<p>a\\u0000</p>"}'),
      ],
      ["PUT /api/blog/{id}", `/api/blog/${postId}`, json(adminKey, "PUT", '{"title":"\\u0000"}')],
      [
        "POST /api/enquiries/{id}/messages",
        `/api/enquiries/${conversationId}/messages`,
        json(landlordKey, "POST", '{"body":"Hello\\u0000"}'),
      ],
    ];
    const failures: string[] = [];
    for (const [label, path, init] of attempts) {
      const reply = await request(newSession(), path, init);
      if (reply.status !== 400 || !reply.type.startsWith("application/problem+json")) {
        failures.push(`${label}: ${reply.status} ${reply.type}`);
      } else if (!/null character/.test((JSON.parse(reply.body) as { detail?: string }).detail ?? "")) {
        failures.push(`${label}: ${reply.body}`);
      }
    }
    expect(failures).toEqual([]);
    // An escaped backslash before "u0000" is text, not a NUL: it reaches validation as usual.
    const literal = await request(
      newSession(),
      `/api/listings/${listingId}`,
      json(landlordKey, "PUT", '{"title":"\\\\u0000","status":"nonsense"}'),
    );
    expect(literal.status).toBe(400);
    expect(literal.body).not.toMatch(/null character/);
    expect(await snapshot()).toEqual(before);
  });
});
