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
import {
  API_MATRIX,
  expected,
  PAGE_MATRIX,
  ROLES,
  SERVER_MATRIX,
  type Ids,
  type Answer,
  type PerRole,
  type Role,
} from "~/tests/support/authorization-matrix";
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
 * matrix (tests/support/authorization-matrix.ts) expects, and no request the table does not mark as a write may change a single row
 * (a checksum of every table is taken around it). A route that is not in the table fails the
 * test: add its row (and think about who may reach it) when you add the route.
 */

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

  it("agrees with every row of the actor table of docs/security.md that the matrix can see", () => {
    const table = readFileSync(new URL("../../../docs/security.md", import.meta.url), "utf8");
    const actor = (name: string) => {
      const row = table.split("\n").find((line) => line.startsWith(`| ${name} |`)) ?? "";
      const [, can = "", cannot = ""] = row.split(" | ");
      return { can, cannot };
    };
    const page = (pattern: string) => PAGE_MATRIX[pattern]!.get;
    const api = (operation: string) => API_MATRIX[operation]!;
    // Each claim: the words of the table's cell, and the answers the matrix expects for it.
    const claims: [string, "can" | "cannot", string, [PerRole, Role, Answer][]][] = [
      [
        "visitor (no session)",
        "can",
        "search and read listings",
        [
          [page("/search"), "anonymous", "200"],
          [page("/listing/:id"), "anonymous", "200"],
        ],
      ],
      [
        "visitor (no session)",
        "cannot",
        "anything under `/settings`, `/list-property`, `/admin`",
        [
          [page("/settings/profile"), "anonymous", "302 /auth"],
          [page("/list-property"), "anonymous", "302 /auth"],
          [page("/admin/users"), "anonymous", "302 /auth"],
        ],
      ],
      [
        "visitor (no session)",
        "cannot",
        "any `/dev` page from another machine",
        [[page("/dev/mail"), "anonymous", "404"]],
      ],
      ["tenant", "can", "favourites", [[page("/settings/favorites"), "tenant", "200"]]],
      [
        "tenant",
        "can",
        "download their data and delete their account at `/settings/account`",
        [
          [page("/settings/account/data"), "tenant", "200"],
          [page("/settings/account/data"), "anonymous", "302 /auth"],
        ],
      ],
      [
        "tenant",
        "cannot",
        "list or edit properties",
        [
          [page("/list-property"), "tenant", "403"],
          [page("/settings/properties"), "tenant", "403"],
        ],
      ],
      [
        "tenant",
        "cannot",
        "API keys (sent to `/settings/profile`; a key made before becoming a tenant stops working)",
        [
          [page("/settings/api-keys"), "tenant", "302 /settings/profile"],
          [api("GET /api/listings"), "tenant", "401"],
        ],
      ],
      [
        "landlord, subscription not active",
        "can",
        "the API keys page, with the notice to subscribe",
        [[page("/settings/api-keys"), "lapsedLandlord", "200"]],
      ],
      [
        "landlord, subscription not active",
        "cannot",
        "list, edit or delete listings (403",
        [
          [page("/list-property"), "lapsedLandlord", "403"],
          [page("/settings/properties"), "lapsedLandlord", "403"],
        ],
      ],
      [
        "landlord, subscription not active",
        "cannot",
        "use one made while subscribed (401)",
        [[api("GET /api/listings"), "lapsedLandlord", "401"]],
      ],
      [
        "landlord, active subscription",
        "can",
        "list, edit, let and delete **their own** listings",
        [
          [page("/list-property"), "landlord", "200"],
          [page("/settings/properties"), "landlord", "200"],
          [api("DELETE /api/listings/{id}"), "landlord", "204"],
        ],
      ],
      [
        "landlord, active subscription",
        "can",
        "search findable renters and invite them to their own published rooms (`/settings/renters`",
        [
          [page("/settings/renters"), "landlord", "200"],
          [page("/settings/renters"), "tenant", "302 /settings/profile"],
          [page("/settings/renters"), "lapsedLandlord", "302 /settings/billing"],
        ],
      ],
      [
        "staff",
        "cannot",
        "search renters (`/settings/renters`",
        [[page("/settings/renters"), "staff", "302 /settings/profile"]],
      ],
      [
        "admin",
        "cannot",
        "search renters (`/settings/renters`)",
        [[page("/settings/renters"), "admin", "302 /settings/profile"]],
      ],
      [
        "staff",
        "can",
        "the admin area: read users, write and publish posts, moderate listings",
        [
          [page("/admin/users"), "staff", "200"],
          [page("/admin/posts/new"), "staff", "200"],
          [page("/admin/properties"), "staff", "200"],
        ],
      ],
      ["staff", "can", "the payment events at `/admin/payments`", [[page("/admin/payments"), "staff", "200"]]],
      ["staff", "cannot", "read the audit log", [[page("/admin/audit"), "staff", "302 /admin/users"]]],
      [
        "admin",
        "can",
        "every listing; roles and subscription overrides of others; site contact details; the audit log",
        [
          [page("/list-property"), "admin", "200"],
          [page("/admin/audit"), "admin", "200"],
        ],
      ],
      [
        "API key holder (`Authorization: Bearer lr_live_…`)",
        "can",
        "staff and admins every listing, create listings, and full blog CRUD",
        [
          [api("DELETE /api/listings/{id}"), "staff", "204"],
          [api("DELETE /api/blog/{id}"), "staff", "204"],
          [api("DELETE /api/blog/{id}"), "admin", "204"],
          [api("GET /api/blog"), "landlord", "403"],
        ],
      ],
      [
        "API key holder (`Authorization: Bearer lr_live_…`)",
        "cannot",
        "its owner's role or subscription no longer allows keys",
        [
          [api("GET /api/listings"), "tenant", "401"],
          [api("GET /api/listings"), "lapsedLandlord", "401"],
        ],
      ],
      [
        "API key holder (`Authorization: Bearer lr_live_…`)",
        "cannot",
        "read or reply to a conversation they are not part of (staff and admins included)",
        [
          [api("GET /api/enquiries/{id}"), "landlord", "200"],
          [api("GET /api/enquiries/{id}"), "staff", "404"],
          [api("GET /api/enquiries/{id}"), "admin", "404"],
        ],
      ],
    ];
    for (const [name, column, words, answers] of claims) {
      expect(actor(name)[column], `${name}: ${column}`).toContain(words);
      for (const [row, role, answer] of answers)
        expect(expected(row, role), `${name}: ${words} (${role})`).toBe(answer);
    }
  });

  it("expects a refusal of POST wherever the route has no action", () => {
    for (const route of ROUTES) {
      const row = PAGE_MATRIX[route.pattern];
      if (route.hasAction || !row) continue;
      for (const role of ROLES) {
        // A gate may send the refused to a page that says why (the analytics dashboard: profile or billing).
        expect(
          ["302 /auth", "302 /", "401", "403", "404", "405", "302 /settings/profile", "302 /settings/billing"],
          `${route.pattern} ${role}`,
        ).toContain(expected(row.post, role));
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
