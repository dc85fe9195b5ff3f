import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, profiles, users } from "~/db/schema";
import { findViewer } from "~/modules/auth/viewer.server";
import type { Viewer } from "~/modules/auth/viewer";
import {
  createTestApiKey,
  createTestConversation,
  createTestListing,
  createTestViewer,
} from "~/tests/support/factories";
import { newSession, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import { ROUTES } from "~/tests/support/route-table";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";
import {
  createTestDatabase,
  describeOnPostgres,
  tableChecksums,
  type TableChecksums,
  type TestDatabase,
} from "~/tests/support/test-database";

/**
 * The authorization matrix: every page and resource route in app/routes.ts, every server route and
 * every REST API operation in the OpenAPI document, asked for by each kind of person, over raw
 * HTTP against the built server on its own PostgreSQL database. Each answer must be the one the
 * table below expects, and no request the table does not mark as a write may change a single row
 * (a checksum of every table is taken around it). A route that is not in the table fails the
 * test: add its row (and think about who may reach it) when you add the route.
 */

const ROLES = ["anonymous", "tenant", "lapsedLandlord", "landlord", "staff", "admin"] as const;
type Role = (typeof ROLES)[number];

/**
 * An expected answer: a status, or a redirect and where it goes ("302 /auth" means a Location
 * starting with /auth?…, "302 /" exactly /, "302 here" back to the requested path).
 */
type Answer = `${number}` | `302 ${string}`;
type PerRole = Answer | Partial<Record<Role | "signedIn" | "others", Answer>>;

interface Row {
  /** Answers to a plain GET. */
  get: PerRole;
  /** Answers to a same-origin POST with an empty form; the route's action must refuse or reject it. */
  post: PerRole;
  /** A concrete path for a pattern with parameters (or a splat). */
  sample?: (ids: Ids) => string;
  /** The POST's form (empty by default). */
  form?: Record<string, string>;
  /** Rows these roles' requests may change (any other change fails the test). */
  writes?: { roles: Role[]; tables: string[] };
}

// Shorthands for the common gates.
const everyone = (answer: Answer): PerRole => answer;
const signedInOnly = (answer: Answer): PerRole => ({ anonymous: "302 /auth", others: answer });
const backOffice = (answer: Answer, staff: Answer = answer): PerRole => ({
  anonymous: "302 /auth",
  tenant: "302 /",
  lapsedLandlord: "302 /",
  landlord: "302 /",
  staff,
  admin: answer,
});
const listingWriters = (answer: Answer, refused: Answer = "403"): PerRole => ({
  anonymous: "302 /auth",
  others: refused,
  landlord: answer,
  admin: answer,
});
const devOnly: Row = { get: everyone("404"), post: everyone("404") };

/** Every route of app/routes.ts by its full pattern. */
const PAGE_MATRIX: Record<string, Row> = {
  "/": { get: everyone("200"), post: everyone("405") },
  "/search": { get: everyone("200"), post: everyone("405") },
  "/listing/:id": { get: everyone("200"), post: signedInOnly("400"), sample: (ids) => `/listing/${ids.listing}` },
  "/about": { get: everyone("200"), post: everyone("405") },
  "/property-management": { get: everyone("200"), post: everyone("405") },
  "/careers": { get: everyone("200"), post: everyone("405") },
  "/press": { get: everyone("200"), post: everyone("405") },
  "/privacy": { get: everyone("200"), post: everyone("405") },
  "/terms": { get: everyone("200"), post: everyone("405") },
  "/cookies": { get: everyone("200"), post: everyone("405") },
  "/contact": { get: everyone("200"), post: everyone("400") },
  "/blog": { get: everyone("200"), post: everyone("405") },
  "/blog/:slug": { get: everyone("200"), post: everyone("405"), sample: (ids) => `/blog/${ids.postSlug}` },
  // Resource routes a signed-out GET is sent back from (to the page that posts to them).
  "/newsletter": { get: everyone("302 /"), post: everyone("400") },
  "/favorites": {
    get: everyone("302 /settings/favorites"),
    post: { anonymous: "401", others: "400" },
  },
  "/list-property": { get: listingWriters("200"), post: listingWriters("400") },
  // The photo uploader is script: it is refused with JSON statuses, not the sign-in page.
  "/list-property/photos": {
    get: { anonymous: "401", others: "403", landlord: "405", admin: "405" },
    post: { anonymous: "401", others: "403", landlord: "400", admin: "400" },
  },
  "/list-property/enhance": { get: listingWriters("405"), post: listingWriters("400") },
  "/list-property/address-suggestions": { get: listingWriters("200"), post: listingWriters("405") },
  "/billing/checkout": { get: everyone("302 /settings/billing"), post: signedInOnly("400") },
  // Only someone who is already a customer has a portal.
  "/billing/portal": { get: everyone("302 /settings/billing"), post: signedInOnly("404") },
  "/billing/sandbox/checkout/:sessionId": {
    get: signedInOnly("404"),
    post: signedInOnly("404"),
    sample: () => "/billing/sandbox/checkout/cs_test_missing",
  },
  "/billing/sandbox/portal": { get: signedInOnly("404"), post: signedInOnly("400") },
  "/billing/sandbox/invoices/:invoiceId": {
    get: signedInOnly("404"),
    post: everyone("405"),
    sample: () => "/billing/sandbox/invoices/in_test_missing",
  },
  // Without a checkout session id there is nothing to confirm: the page says so.
  "/subscription/success": { get: signedInOnly("200"), post: everyone("405") },
  "/subscription/cancel": { get: everyone("200"), post: everyone("405") },
  "/auth": { get: { anonymous: "200", others: "302 /" }, post: { anonymous: "400", others: "302 /" } },
  "/auth/confirm": { get: everyone("200"), post: everyone("400") },
  "/auth/callback": { get: everyone("200"), post: everyone("405") },
  "/auth/sign-out": {
    get: everyone("302 /"),
    post: everyone("302 /"),
    writes: { roles: ["tenant", "lapsedLandlord", "landlord", "staff", "admin"], tables: ["sessions"] },
  },
  "/settings": { get: signedInOnly("302 /settings/profile"), post: signedInOnly("405") },
  "/settings/profile": { get: signedInOnly("200"), post: signedInOnly("400") },
  "/settings/account": { get: signedInOnly("200"), post: signedInOnly("400") },
  "/settings/billing": { get: signedInOnly("200"), post: signedInOnly("405") },
  "/settings/favorites": { get: signedInOnly("200"), post: signedInOnly("405") },
  // An empty form is no known request: back to the page with a notice.
  "/settings/saved-searches": { get: signedInOnly("200"), post: signedInOnly("302 here") },
  "/settings/enquiries": { get: signedInOnly("200"), post: signedInOnly("405") },
  "/settings/enquiries/:id": {
    get: { anonymous: "302 /auth", others: "404", tenant: "200", landlord: "200" },
    post: { anonymous: "302 /auth", others: "404", tenant: "302 here", landlord: "302 here" },
    form: { intent: "unblock" },
    sample: (ids) => `/settings/enquiries/${ids.conversation}`,
    // Reading a thread marks it read for its reader (the page renders after a POST too).
    writes: { roles: ["tenant", "landlord"], tables: ["conversations"] },
  },
  "/settings/properties": {
    get: { anonymous: "302 /auth", others: "403", landlord: "200", admin: "200" },
    // The action's module refuses by role once it has a valid request; an empty form is invalid for everyone.
    post: signedInOnly("400"),
  },
  // Staff, admins and landlords; a lapsed landlord sees the page with the subscription notice.
  "/settings/api-keys": {
    get: { anonymous: "302 /auth", others: "200", tenant: "302 /settings/profile" },
    post: { anonymous: "302 /auth", others: "400", tenant: "302 /settings/profile" },
  },
  "/admin": { get: backOffice("302 /admin/users"), post: backOffice("405") },
  "/admin/users": { get: backOffice("200"), post: backOffice("400") },
  "/admin/posts": { get: backOffice("200"), post: backOffice("400") },
  "/admin/posts/new": { get: backOffice("200"), post: backOffice("400") },
  "/admin/posts/image": { get: backOffice("405"), post: backOffice("400") },
  "/admin/posts/:id": { get: backOffice("200"), post: backOffice("400"), sample: (ids) => `/admin/posts/${ids.post}` },
  "/admin/properties": { get: backOffice("200"), post: backOffice("400") },
  "/admin/audit": { get: backOffice("200", "302 /admin/users"), post: backOffice("405") },
  "/admin/settings": { get: backOffice("200"), post: backOffice("400") },
  "/admin/settings/subscribers.csv": { get: backOffice("200"), post: backOffice("405") },
  "/admin/payments": { get: backOffice("200"), post: backOffice("405") },
  "/admin/enquiries": { get: backOffice("200"), post: backOffice("400") },
  "/admin/*": { get: backOffice("404"), post: backOffice("405"), sample: () => "/admin/no-such-screen" },
  // Development pages answer loopback clients only; these requests come from other addresses.
  "/dev": devOnly,
  "/dev/sanitize": devOnly,
  "/dev/error": devOnly,
  "/dev/ui": devOnly,
  "/dev/map": devOnly,
  "/dev/mail": devOnly,
  "/dev/billing": devOnly,
  "/dev/alerts": devOnly,
  "/dev/address-suggestions": devOnly,
  // Links from e-mails: the signed token is the only authority, so a made-up one is refused for everyone.
  "/unsubscribe/:token": { get: everyone("400"), post: everyone("400"), sample: () => "/unsubscribe/not-a-token" },
  "/listing-freshness/:token": {
    get: everyone("400"),
    post: everyone("400"),
    sample: () => "/listing-freshness/not-a-token",
  },
  "/sitemap.xml": { get: everyone("200"), post: everyone("405") },
  "/robots.txt": { get: everyone("200"), post: everyone("405") },
  "/*": { get: everyone("404"), post: everyone("405"), sample: () => "/no-such-page" },
};

/**
 * Routes the Hono server answers before React Router (server/index.ts, server/health.ts,
 * server/auth-routes.ts, server/payment-webhooks.ts, server/uploads.ts), other than the REST API.
 */
const SERVER_MATRIX: Record<string, Row> = {
  "/healthz": { get: everyone("200"), post: everyone("405") },
  "/readyz": { get: everyone("200"), post: everyone("405") },
  "/api/auth/callback/:providerId": {
    get: everyone("302 /auth"),
    post: everyone("405"),
    sample: () => "/api/auth/callback/oidc",
  },
  "/api/webhooks/payments": { get: everyone("404"), post: everyone("400") },
  "/uploads/*": { get: everyone("404"), post: everyone("405"), sample: () => "/uploads/listings/missing.webp" },
  "/api/openapi.json": { get: everyone("200"), post: everyone("405") },
  "/api/docs": { get: everyone("200"), post: everyone("405") },
  "/api/docs/scalar.js": { get: everyone("200"), post: everyone("405") },
};

/**
 * Every operation of the OpenAPI document, as "METHOD /api/path". Keys stand for the roles (a key
 * whose owner is a tenant or whose subscription lapsed no longer works); write bodies carry an
 * unknown field, so an accepted key meets the schema's 400. Deletes each get their own target.
 */
/** Keys that still work: the active landlord's, staff's and admins'. A tenant's or lapsed owner's key is no key. */
const keyHolders = (answer: Answer, landlord: Answer = answer): PerRole => ({
  anonymous: "401",
  tenant: "401",
  lapsedLandlord: "401",
  landlord,
  others: answer,
});
const API_MATRIX: Record<string, PerRole> = {
  "GET /api/listings": keyHolders("200"),
  // The body is checked before the role: a landlord's valid body is refused (staff and admins
  // create listings and manage the blog), see listings-api.test.ts.
  "POST /api/listings": keyHolders("400"),
  "GET /api/listings/{id}": keyHolders("200"),
  "PUT /api/listings/{id}": keyHolders("400"),
  "DELETE /api/listings/{id}": keyHolders("204"),
  "GET /api/blog": keyHolders("200", "403"),
  "POST /api/blog": keyHolders("400"),
  "GET /api/blog/{id}": keyHolders("200", "403"),
  "PUT /api/blog/{id}": keyHolders("400"),
  "DELETE /api/blog/{id}": keyHolders("204", "403"),
  "GET /api/enquiries": keyHolders("200"),
  // Only the conversation's own people read it (the landlord here); staff and admins included, others get 404.
  "GET /api/enquiries/{id}": keyHolders("404", "200"),
  "POST /api/enquiries/{id}/messages": keyHolders("400"),
};

interface Ids {
  listing: string;
  post: string;
  postSlug: string;
  conversation: string;
  deleteListing: Record<Role, string>;
  deletePost: Record<Role, string>;
}

function expected(perRole: PerRole, role: Role): Answer {
  if (typeof perRole === "string") return perRole;
  const fallback = role === "anonymous" ? undefined : perRole.signedIn;
  const answer = perRole[role] ?? fallback ?? perRole.others;
  if (!answer) throw new Error(`no expected answer for ${role}`);
  return answer;
}

/** A form post carrying the session's cookies and the given (forged) browser headers. */
async function forgedPost(
  server: ServerProcess,
  session: HttpSession,
  url: string,
  form: Record<string, string>,
  headers: Record<string, string>,
) {
  const reply = await fetch(`${server.url}${url}`, {
    method: "POST",
    headers: {
      ...headers,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": session.address,
      cookie: [...session.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
  });
  return { status: reply.status, location: reply.headers.get("location") };
}

function observed(reply: { status: number; location: string | null }, url: string): string {
  if (reply.status !== 302 && reply.status !== 303) return String(reply.status);
  const location = (reply.location ?? "").replace(/#.*$/, "");
  if (location === url) return "302 here";
  return `302 ${location.startsWith("/auth?") ? "/auth" : location}`;
}

/** Per-table row counts and checksums, by table. */

function changedTables(before: TableChecksums, after: TableChecksums): string[] {
  return [...after].filter(([table, sum]) => before.get(table) !== sum).map(([table]) => table);
}

describe("the matrix covers every route", () => {
  it("has one row per route in app/routes.ts, and no stale rows", () => {
    const patterns = ROUTES.map((route) => route.pattern);
    expect(
      patterns.filter((pattern) => !(pattern in PAGE_MATRIX)),
      "routes missing from PAGE_MATRIX",
    ).toEqual([]);
    expect(
      Object.keys(PAGE_MATRIX).filter((pattern) => !patterns.includes(pattern)),
      "stale rows",
    ).toEqual([]);
  });

  it("agrees with the actor table of docs/security.md on what staff may do with listings", () => {
    const table = readFileSync(new URL("../../../docs/security.md", import.meta.url), "utf8");
    const row = table.split("\n").find((line) => line.startsWith("| staff |")) ?? "";
    const [, can = "", cannot = ""] = row.split(" | ");
    // Through a key, staff have admin's listing rights (the same API reference)…
    expect(expected(API_MATRIX["DELETE /api/listings/{id}"]!, "staff")).toBe("204");
    expect(can).toContain("`PUT` and `DELETE /api/listings/{id}` on every listing");
    expect(can).toContain("`POST /api/listings`");
    // …on the web, not the listing form (admins and landlords only); they moderate instead.
    expect(expected(PAGE_MATRIX["/list-property"]!.get, "staff")).toBe("403");
    expect(cannot).toContain("on the web, the listing form or deleting a listing");
    expect(cannot).not.toMatch(/(^|; )delete listings/);
  });

  it("expects a refusal of POST wherever the route has no action", () => {
    for (const route of ROUTES) {
      const row = PAGE_MATRIX[route.pattern];
      if (route.hasAction || !row) continue;
      for (const role of ROLES) {
        expect(["302 /auth", "302 /", "401", "403", "404", "405"], `${route.pattern} ${role}`).toContain(
          expected(row.post, role),
        );
      }
    }
  });
});

describeOnPostgres("the authorization matrix over HTTP", () => {
  let database: TestDatabase;
  let server: ServerProcess;
  const sessions = {} as Record<Role, HttpSession>;
  const keys = {} as Record<Role, string | undefined>;
  let ids: Ids;
  let snapshot: () => Promise<TableChecksums>;

  async function viewerByEmail(email: string): Promise<Viewer> {
    const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const viewer = row && (await findViewer(database.db, row.id));
    if (!viewer) throw new Error(`no demo account ${email}`);
    return viewer;
  }

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    server = await startServer({
      env: { DATABASE_URL: database.url, TRUSTED_PROXIES: "loopback", LOG_LEVEL: "warn" },
    });
    snapshot = await tableChecksums(database.db);
    const accounts: Record<Exclude<Role, "anonymous">, string> = {
      tenant: "tenant@example.com",
      lapsedLandlord: "landlord.pending@example.com",
      landlord: "landlord@example.com",
      staff: "staff@example.com",
      admin: "admin@example.com",
    };
    sessions.anonymous = newSession();
    for (const [role, email] of Object.entries(accounts)) sessions[role as Role] = await signedIn(server, email);

    const landlord = await viewerByEmail(accounts.landlord);
    const tenant = await viewerByEmail(accounts.tenant);
    const other = await createTestViewer(database.db, { role: "landlord" });
    for (const role of ["landlord", "staff", "admin"] as const) {
      keys[role] = (await createTestApiKey(database.db, await viewerByEmail(accounts[role]))).key;
    }
    // Keys made while their owners could hold them; then the owner became a tenant, or lapsed.
    for (const [role, change] of [
      ["tenant", { role: "tenant" }],
      ["lapsedLandlord", { subscriptionStatus: "inactive" }],
    ] as const) {
      const owner = await createTestViewer(database.db, { role: "landlord" });
      keys[role] = (await createTestApiKey(database.db, owner)).key;
      await database.db.update(profiles).set(change).where(eq(profiles.id, owner.id));
    }
    const [post] = await database.db
      .insert(blogPosts)
      .values({
        title: "Matrix post",
        slug: `matrix-post-${Date.now()}`,
        content: "<p>Hi</p>",
        status: "published",
        publishedAt: new Date(),
      })
      .returning({ id: blogPosts.id, slug: blogPosts.slug });
    if (!post) throw new Error("no post");
    const deleteListing = {} as Record<Role, string>;
    const deletePost = {} as Record<Role, string>;
    for (const role of ROLES) {
      deleteListing[role] = await createTestListing(database.db, {
        landlordId: role === "landlord" ? landlord.id : other.id,
      });
      const [target] = await database.db
        .insert(blogPosts)
        .values({
          title: `Delete me ${role}`,
          slug: `delete-me-${role.toLowerCase()}-${Date.now()}`,
          content: "<p>x</p>",
        })
        .returning({ id: blogPosts.id });
      if (!target) throw new Error("no post");
      deletePost[role] = target.id;
    }
    ids = {
      listing: await createTestListing(database.db, { landlordId: landlord.id }),
      post: post.id,
      postSlug: post.slug,
      conversation: (await createTestConversation(database.db, tenant, landlord)).conversationId,
      deleteListing,
      deletePost,
    };
  }, SERVER_HOOK_TIMEOUT_MS * 2);

  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  let last: TableChecksums | undefined;

  /** Sends one request and records what differs from the table: the answer, or rows it should not have changed. */
  async function check(
    mismatches: string[],
    label: string,
    want: Answer,
    request: () => Promise<{ status: number; location: string | null }>,
    url: string,
    writes: string[] = [],
  ) {
    const before = last ?? (await snapshot());
    const got = observed(await request(), url);
    if (got !== want) mismatches.push(`${label}: expected ${want}, got ${got}`);
    last = await snapshot();
    const changed = changedTables(before, last).filter((table) => !writes.includes(table));
    if (changed.length > 0) mismatches.push(`${label} (${got}) changed ${changed.join(", ")}`);
  }

  it("refuses a cross-site POST to every route with an action, for every role, and nothing changes", async () => {
    const mismatches: string[] = [];
    const actions = ROUTES.filter((route) => route.hasAction);
    expect(actions.length).toBeGreaterThan(20);
    const forged: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { origin: "null" },
      { origin: server.url.replace("127.0.0.1", "localhost.evil.example") },
    ];
    for (const role of ROLES) {
      for (const route of actions) {
        const url = PAGE_MATRIX[route.pattern]?.sample?.(ids) ?? route.pattern;
        for (const headers of forged) {
          await check(
            mismatches,
            `cross-site POST ${url} as ${role} with ${JSON.stringify(headers)}`,
            "403",
            () => forgedPost(server, sessions[role], url, PAGE_MATRIX[route.pattern]?.form ?? {}, headers),
            url,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it("answers every page, resource and server route as the table says, and nothing else changes a row", async () => {
    const mismatches: string[] = [];
    const rows = Object.entries({ ...PAGE_MATRIX, ...SERVER_MATRIX });
    // Signing out ends the session, so it goes last.
    rows.sort(([a], [b]) => Number(a === "/auth/sign-out") - Number(b === "/auth/sign-out"));
    for (const role of ROLES) {
      for (const [pattern, row] of rows) {
        const url = row.sample?.(ids) ?? pattern;
        const writes = row.writes?.roles.includes(role) ? row.writes.tables : [];
        await check(
          mismatches,
          `GET ${url} as ${role}`,
          expected(row.get, role),
          () => send(server, sessions[role], url),
          url,
          writes,
        );
        const form = row.form ?? {};
        await check(
          mismatches,
          `POST ${url} as ${role}`,
          expected(row.post, role),
          () => send(server, sessions[role], url, { form, origin: server.url }),
          url,
          writes,
        );
      }
    }
    expect(mismatches).toEqual([]);
  }, 240_000);

  it("answers every operation of the OpenAPI document as the table says, and refusals change nothing", async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
    );
    expect(
      operations.filter((operation) => !(operation in API_MATRIX)),
      "operations missing from API_MATRIX",
    ).toEqual([]);
    expect(
      Object.keys(API_MATRIX).filter((operation) => !operations.includes(operation)),
      "stale rows",
    ).toEqual([]);

    const mismatches: string[] = [];
    // Deletes last, so every other request still finds its target.
    operations.sort((a, b) => Number(a.startsWith("DELETE")) - Number(b.startsWith("DELETE")));
    for (const role of ROLES) {
      for (const operation of operations) {
        const [method = "GET", route = ""] = operation.split(" ");
        const url = route
          .replace("/listings/{id}", `/listings/${method === "DELETE" ? ids.deleteListing[role] : ids.listing}`)
          .replace("/blog/{id}", `/blog/${method === "DELETE" ? ids.deletePost[role] : ids.post}`)
          .replace("/enquiries/{id}", `/enquiries/${ids.conversation}`);
        const want = expected(API_MATRIX[operation]!, role);
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (keys[role]) headers.authorization = `Bearer ${keys[role]}`;
        // A field no schema knows: an accepted key meets the validation's 400, and nothing is written.
        const body = method === "GET" || method === "DELETE" ? undefined : JSON.stringify({ unexpected: true });
        const tables =
          want === "204"
            ? [method === "DELETE" && url.includes("/blog/") ? "blog_posts" : "listings", "audit_log", "photo_uploads"]
            : [];
        await check(
          mismatches,
          `${method} ${url} as ${role}`,
          want,
          () =>
            fetch(`${server.url}${url}`, { method, headers, body, redirect: "manual" }).then((reply) => ({
              status: reply.status,
              location: reply.headers.get("location"),
            })),
          url,
          // A key's last use is recorded (at most once a minute, in the background).
          ["api_keys", ...tables],
        );
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});
