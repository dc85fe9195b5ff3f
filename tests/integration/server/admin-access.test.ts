import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SITE_CONTACT } from "~/modules/settings/site-contact";
import { newSession, post, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";

/**
 * The admin area over raw HTTP: every loader and action refuses visitors, tenants and landlords
 * (documents and data requests alike) and changes nothing; staff cannot change roles or
 * subscriptions or delete listings; nobody changes their own role; and only what was done is in the
 * audit log.
 */
let server: ServerProcess;
let tenant: HttpSession;
let landlord: HttpSession;
let staff: HttpSession;
let admin: HttpSession;
let postId: string;
let listingId: string;
let tenantId: string;
let adminId: string;
const postTitle = `Gate probe ${Date.now()}`;

/** The hidden `userId` of the first row the users screen shows for `email`. */
async function userIdOf(email: string): Promise<string> {
  const page = await send(server, admin, `/admin/users?q=${encodeURIComponent(email)}`);
  const id = /name="userId" value="([^"]+)"/.exec(page.body)?.[1];
  if (!id) throw new Error(`no user row for ${email}`);
  return id;
}

async function roleOf(email: string): Promise<string | undefined> {
  const id = await userIdOf(email);
  const page = await send(server, admin, `/admin/users?q=${encodeURIComponent(email)}`);
  const select = new RegExp(`id="role-${id}"[^>]*>([\\s\\S]*?)</select>`).exec(page.body)?.[1] ?? "";
  return /<option value="(\w+)" selected/.exec(select)?.[1];
}

/** The audit entries for `targetId`, as the admin's audit screen lists them. */
async function auditCount(targetId: string): Promise<number> {
  const page = await send(server, admin, `/admin/audit?target=${encodeURIComponent(targetId)}`);
  expect(page.status).toBe(200);
  return (page.body.match(/data-audit-entry/g) ?? []).length;
}

beforeAll(async () => {
  server = await startServer({ env: { TRUSTED_PROXIES: "loopback", LOG_LEVEL: "warn" } });
  [tenant, landlord, staff, admin] = await Promise.all([
    signedIn(server, "tenant@example.com"),
    signedIn(server, "landlord@example.com"),
    signedIn(server, "staff@example.com"),
    signedIn(server, "admin@example.com"),
  ]);
  const created = await post(server, admin, "/admin/posts/new", {
    intent: "save",
    title: postTitle,
    slug: `gate-probe-${Date.now()}`,
    content: "<p>Probe</p>",
    status: "draft",
    type: "blog",
  });
  expect(created.status).toBe(302);
  const list = await send(server, admin, "/admin/posts");
  const row = list.body.split("<tr").find((chunk) => chunk.includes(postTitle));
  const found = /\/admin\/posts\/([0-9a-f-]{36})/.exec(row ?? "");
  if (!found?.[1]) throw new Error("the new post is not listed");
  postId = found[1];
  const search = await send(server, newSession(), "/search");
  const listing = /\/listing\/([0-9a-f-]{36})/.exec(search.body)?.[1];
  if (!listing) throw new Error("no listing in search");
  listingId = listing;
  tenantId = await userIdOf("tenant@example.com");
  adminId = await userIdOf("admin@example.com");
}, SERVER_HOOK_TIMEOUT_MS * 2);

afterAll(async () => {
  await server?.stop();
});

const pages = () => [
  "/admin",
  "/admin/users",
  "/admin/posts",
  "/admin/posts/new",
  `/admin/posts/${postId}`,
  "/admin/properties",
  "/admin/audit",
  "/admin/settings",
];

const actions = () =>
  [
    ["/admin/users", { intent: "role", userId: tenantId, role: "admin" }],
    ["/admin/users", { intent: "status", userId: tenantId, status: "active" }],
    ["/admin/posts", { intent: "delete", id: postId }],
    ["/admin/posts/new", { intent: "save", title: "Intruder", slug: "intruder", content: "<p>x</p>" }],
    [`/admin/posts/${postId}`, { intent: "save", title: "Defaced", slug: "defaced", content: "<p>x</p>" }],
    ["/admin/properties", { intent: "moderate", listingId: "", status: "hidden", reason: "Intruder" }],
    ["/admin/properties", { intent: "delete", listingId: "" }],
  ] as const;

async function nothingChanged() {
  const posts = await send(server, admin, "/admin/posts");
  expect(posts.body).toContain(postTitle);
  expect(posts.body).not.toContain("Intruder");
  expect(posts.body).not.toContain("Defaced");
  expect(await roleOf("tenant@example.com")).toBe("tenant");
  expect((await send(server, newSession(), `/listing/${listingId}`)).status).toBe(200);
  expect(await auditCount(tenantId)).toBe(0);
  expect(await auditCount(listingId)).toBe(0);
  expect(await auditCount(postId)).toBe(1); // its creation only
  expect(await auditCount("contact")).toBe(0);
  expect((await send(server, newSession(), "/contact")).body).not.toContain("Intruder");
}

describe("visitors", () => {
  it("are sent to sign in from every admin page and data request, with returnTo", async () => {
    for (const path of pages()) {
      const page = await send(server, newSession(), path);
      expect(page.status, path).toBe(302);
      expect(page.location).toBe(`/auth?view=sign_in&returnTo=${encodeURIComponent(path)}`);
      const data = await send(server, newSession(), `${path}.data`);
      expect([202, 302, 404], path).toContain(data.status);
      expect(data.body).not.toContain(postTitle);
      expect(data.body).not.toContain("tenant@example.com");
    }
  });

  it("are refused on every action, and nothing changes", async () => {
    for (const [path, form] of actions()) {
      const fields = { ...form, ...("listingId" in form ? { listingId } : {}) };
      const reply = await post(server, newSession(), path, fields);
      expect(reply.status, path).toBe(302);
      expect(reply.location).toMatch(/^\/auth\?view=sign_in/);
    }
    await nothingChanged();
  });
});

describe.each([
  ["a tenant", () => tenant],
  ["a landlord", () => landlord],
])("%s", (_label, session) => {
  it("is sent home with 'Access Denied' from every page and data request", async () => {
    for (const path of pages()) {
      const page = await send(server, session(), path);
      expect(page.status, path).toBe(302);
      expect(page.location).toBe("/");
      const data = await send(server, session(), `${path}.data`);
      expect(data.body).not.toContain(postTitle);
      expect(data.body).not.toContain("tenant@example.com");
    }
    const home = await send(server, session(), "/");
    expect(home.body).toContain("have permission to access this area");
  });

  it("is refused on every action, and nothing changes", async () => {
    for (const [path, form] of actions()) {
      const fields = { ...form, ...("listingId" in form ? { listingId } : {}) };
      const reply = await post(server, session(), path, fields);
      expect(reply.status, path).toBe(302);
      expect(reply.location).toBe("/");
      const data = await post(server, session(), `${path}.data`, fields);
      expect([202, 302], path).toContain(data.status);
    }
    await nothingChanged();
  });
});

/** An admin change as the page's fetcher sends it (React Router's data request); the answer's words are in its body. */
const change = (session: HttpSession, path: string, form: Record<string, string>) =>
  post(server, session, `${path}.data`, form);

describe("the subscribers export", () => {
  it("is refused to visitors, tenants and landlords and served to staff", async () => {
    expect((await send(server, newSession(), "/admin/settings/subscribers.csv")).status).toBe(302);
    for (const session of [tenant, landlord]) {
      const reply = await send(server, session, "/admin/settings/subscribers.csv");
      expect(reply.status).toBe(302);
      expect(reply.body).not.toContain("email,source");
    }
    const csv = await send(server, staff, "/admin/settings/subscribers.csv");
    expect(csv.status).toBe(200);
    expect(csv.body.startsWith("email,source,subscribed_at")).toBe(true);
  });
});

describe("staff", () => {
  it("read the users, posts and properties but not the audit log", async () => {
    for (const path of ["/admin/users", "/admin/posts", "/admin/posts/new", "/admin/properties"]) {
      expect((await send(server, staff, path)).status, path).toBe(200);
    }
    const audit = await send(server, staff, "/admin/audit");
    expect(audit.status).toBe(302);
    expect(audit.location).toBe("/admin/users");
  });

  it("cannot change roles or subscription statuses, nor delete listings; nothing is audited", async () => {
    const role = await change(staff, "/admin/users", { intent: "role", userId: tenantId, role: "staff" });
    expect(role.status).toBe(403);
    expect(role.body).toContain("Only administrators can change roles and subscription statuses.");
    const status = await change(staff, "/admin/users", { intent: "status", userId: tenantId, status: "active" });
    expect(status.status).toBe(403);
    const staffId = await userIdOf("staff@example.com");
    const own = await change(staff, "/admin/users", { intent: "role", userId: staffId, role: "admin" });
    expect(own.status).toBe(403);
    const contact = await change(staff, "/admin/settings", {
      intent: "contact",
      ...DEFAULT_SITE_CONTACT,
      addressLine1: "Intruder street",
    });
    expect(contact.status).toBe(403);
    expect(contact.body).toContain("Only administrators can change the site's contact details.");
    const removed = await change(staff, "/admin/properties", { intent: "delete", listingId });
    expect(removed.status).toBe(403);
    expect(removed.body).toContain("Only administrators can delete listings.");
    await nothingChanged();
    expect(await roleOf("staff@example.com")).toBe("staff");
  });
});

describe("admins", () => {
  it("cannot change their own role or subscription status, with the spec's messages", async () => {
    const role = await change(admin, "/admin/users", { intent: "role", userId: adminId, role: "tenant" });
    expect(role.status).toBe(403);
    expect(role.body).toContain("You cannot change your own role");
    const status = await change(admin, "/admin/users", { intent: "status", userId: adminId, status: "active" });
    expect(status.status).toBe(403);
    expect(status.body).toContain("You cannot change your own subscription status");
    expect(await auditCount(adminId)).toBe(0);
  });

  it("refuse malformed, huge and cross-site changes clearly and change nothing", async () => {
    const bad = await change(admin, "/admin/users", { intent: "role", userId: tenantId, role: "superuser" });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Failed to update user role");
    const huge = await change(admin, "/admin/users", { intent: "role", userId: "x".repeat(100_000), role: "admin" });
    expect(huge.status).toBe(413);
    const foreign = await send(server, admin, "/admin/users.data", {
      form: { intent: "role", userId: tenantId, role: "admin" },
      origin: "https://evil.example",
    });
    expect(foreign.status).toBe(403);
    const unknownPost = await change(admin, "/admin/posts", {
      intent: "delete",
      id: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknownPost.status).toBe(404);
    await nothingChanged();
  });

  it("change another user's role, audited with who, what, before and after, and the client address", async () => {
    const reply = await change(admin, "/admin/users", { intent: "role", userId: tenantId, role: "landlord" });
    expect(reply.status).toBe(200);
    expect(reply.body).toContain("User role updated to landlord");
    expect(await roleOf("tenant@example.com")).toBe("landlord");
    const audit = await send(server, admin, `/admin/audit?target=${tenantId}`);
    expect(audit.body).toContain("admin@example.com");
    expect(audit.body).toContain("Role change");
    expect(audit.body).toMatch(/tenant(<!-- -->)? → (<!-- -->)?landlord/);
    expect(audit.body).toContain(admin.address);
    await change(admin, "/admin/users", { intent: "role", userId: tenantId, role: "tenant" });
    expect(await roleOf("tenant@example.com")).toBe("tenant");
    expect(await auditCount(tenantId)).toBe(2);
  });
});
