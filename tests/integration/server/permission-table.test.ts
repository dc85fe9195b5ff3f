import { describe, expect, it } from "vitest";
import { can, PERMISSIONS, type Permission } from "~/modules/auth/permissions";
import type { Viewer } from "~/modules/auth/viewer";
import {
  API_MATRIX,
  expected,
  PAGE_MATRIX,
  ROLES,
  type PerRole,
  type Role,
} from "~/tests/support/authorization-matrix";

/**
 * The permission table (modules/auth/permissions.ts) walked against the authorization matrix: each
 * permission names the routes that admit exactly its holders, and each route whose answer depends
 * on who asks is named by a permission (or by a rule that is not about roles). A row added to one
 * without the other fails here.
 */

/** A page and method, every page under a path (a layout's gate), or an API operation. */
type Witness = { page: string; method: "get" | "post" } | { under: string } | { api: string };

const LISTING_WRITES: Witness[] = [
  { api: "DELETE /api/listings/{id}" },
  { under: "/list-property" },
  { page: "/settings/properties", method: "get" },
  { page: "/settings/properties/:id/photos", method: "get" },
];

// The dashboard's gate refuses before a route answers any method (a POST is then 405).
const ANALYTICS_READS: Witness[] = [{ under: "/settings/analytics" }, { api: "GET /api/listings/{id}/stats" }];

const WITNESSES: Record<Permission, Witness[] | `not in the matrix: ${string}`> = {
  "write:listing:any": LISTING_WRITES,
  "write:listing:own": LISTING_WRITES,
  "moderate:listing:any": [{ page: "/admin/properties", method: "get" }],
  // POST and PUT check the body before the role: a landlord's empty body meets the schema's 400.
  "manage:post:any": [
    { api: "GET /api/blog" },
    { api: "GET /api/blog/{id}" },
    { api: "DELETE /api/blog/{id}" },
    { page: "/admin/posts", method: "get" },
  ],
  "enter:admin-area:any": [{ under: "/admin" }],
  "use:back-office:any": [{ page: "/admin/settings", method: "get" }],
  "moderate:enquiry:any": [{ page: "/admin/enquiries", method: "get" }],
  "read:audit-log:any": [{ page: "/admin/audit", method: "get" }],
  "manage:user:any": "not in the matrix: staff see the users screen; the change is refused (admin-users.test.ts)",
  "edit:site-settings:any":
    "not in the matrix: staff see the settings screen; the save is refused (admin-settings.test.ts)",
  "open:api-keys:own": [
    { page: "/settings/api-keys", method: "get" },
    { page: "/settings/api-keys", method: "post" },
  ],
  "read:listing-stats:own": ANALYTICS_READS,
  "read:listing-stats:any": ANALYTICS_READS,
  // Every REST API operation takes a working key.
  "hold:api-key:own": [{ under: "/api" }],
  "find:renter:any": [{ under: "/settings/renters" }],
  "get:priority-support:own":
    "not in the matrix: everyone signed in has the Help page; priority marks the request (support.test.ts)",
};

/** Routes whose answer depends on who asks for a reason other than a role. */
const NOT_ROLE_RULES = new Set([
  // Only the conversation's own two people read it.
  "/settings/enquiries/:id get",
  "/settings/enquiries/:id post",
  "GET /api/enquiries/{id}",
]);

const REFUSED = new Set(["302 /auth", "302 /", "401", "403", "302 /settings/profile", "302 /settings/billing"]);

/** A refusal, or the way in: the admin area's own address sends everyone it admits on to the users screen. */
const refused = (route: Route, answer: string) =>
  REFUSED.has(answer) || (answer === "302 /admin/users" && routeName(route) !== "/admin get");

const PERSON: Record<Role, Pick<Viewer, "role" | "subscriptionStatus"> | null> = {
  anonymous: null,
  tenant: { role: "tenant", subscriptionStatus: "inactive" },
  lapsedLandlord: { role: "landlord", subscriptionStatus: "inactive" },
  landlord: { role: "landlord", subscriptionStatus: "active" },
  staff: { role: "staff", subscriptionStatus: "inactive" },
  admin: { role: "admin", subscriptionStatus: "inactive" },
};

type Route = { page: string; method: "get" | "post" } | { api: string };

const ROUTES: Route[] = [
  ...Object.keys(PAGE_MATRIX).flatMap((page) => (["get", "post"] as const).map((method) => ({ page, method }))),
  ...Object.keys(API_MATRIX).map((api) => ({ api })),
];
const routeName = (route: Route) => ("api" in route ? route.api : `${route.page} ${route.method}`);

function answers(route: Route): PerRole {
  if ("api" in route) return API_MATRIX[route.api]!;
  return PAGE_MATRIX[route.page]![route.method];
}

function covers(witness: Witness, route: Route): boolean {
  if ("under" in witness) {
    const path = "page" in route ? route.page : route.api.split(" ")[1]!;
    return path === witness.under || path.startsWith(`${witness.under}/`);
  }
  return JSON.stringify(witness) === JSON.stringify(route);
}

/** The permissions that name this route. */
function naming(route: Route): Permission[] {
  return (Object.keys(WITNESSES) as Permission[]).filter((permission) => {
    const witnesses = WITNESSES[permission];
    return Array.isArray(witnesses) && witnesses.some((witness) => covers(witness, route));
  });
}

/**
 * Whether a person gets past a route: they hold every action the route is named by, at one access
 * or the other (`write:listing:any` or `write:listing:own`), on the route's channel.
 */
function admitted(route: Route, role: Role): boolean {
  const person = PERSON[role];
  if (!person) return false;
  const via = "api" in route ? ("api-key" as const) : undefined;
  const byAction = new Map<string, Permission[]>();
  for (const permission of naming(route)) {
    const action = permission.split(":").slice(0, 2).join(":");
    byAction.set(action, [...(byAction.get(action) ?? []), permission]);
  }
  return [...byAction.values()].every((scopes) => scopes.some((permission) => can({ ...person, via }, permission)));
}

describe("the permission table and the authorization matrix", () => {
  it("name the same permissions", () => {
    expect(Object.keys(WITNESSES).sort()).toEqual(Object.keys(PERMISSIONS).sort());
  });

  it("name only routes in the matrix", () => {
    for (const witnesses of Object.values(WITNESSES)) {
      if (!Array.isArray(witnesses)) continue;
      for (const witness of witnesses) {
        expect(
          ROUTES.some((route) => covers(witness, route)),
          JSON.stringify(witness),
        ).toBe(true);
      }
    }
  });

  it("agree on who is admitted to each route a permission names", () => {
    const disagreements = ROUTES.filter((route) => naming(route).length > 0).flatMap((route) =>
      ROLES.filter((role) => !refused(route, expected(answers(route), role)) !== admitted(route, role)).map(
        (role) => `${routeName(route)} for ${role}: ${expected(answers(route), role)}`,
      ),
    );
    expect(disagreements).toEqual([]);
  });

  it("name every route whose answer depends on the role", () => {
    const unnamed = ROUTES.filter((route) => {
      const signedIn = ROLES.filter((role) => role !== "anonymous").map((role) =>
        refused(route, expected(answers(route), role)),
      );
      const dependsOnRole = signedIn.some((refused) => refused !== signedIn[0]);
      return dependsOnRole && !NOT_ROLE_RULES.has(routeName(route)) && naming(route).length === 0;
    });
    expect(unnamed.map(routeName)).toEqual([]);
  });
});
