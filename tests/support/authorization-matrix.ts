/**
 * The authorization matrix: every page and resource route in app/routes.ts, every server route and
 * every REST API operation in the OpenAPI document, and the answer each kind of person gets. The
 * matrix test asks for each over raw HTTP; the permission table's test walks the table against it.
 */

export interface Ids {
  listing: string;
  post: string;
  postSlug: string;
  conversation: string;
  deleteListing: Record<Role, string>;
  deletePost: Record<Role, string>;
}

export const ROLES = ["anonymous", "tenant", "lapsedLandlord", "landlord", "staff", "admin"] as const;
export type Role = (typeof ROLES)[number];

/**
 * An expected answer: a status, or a redirect and where it goes ("302 /auth" means a Location
 * starting with /auth?…, "302 /" exactly /, "302 here" back to the requested path).
 */
export type Answer = `${number}` | `302 ${string}`;
export type PerRole = Answer | Partial<Record<Role | "signedIn" | "others", Answer>>;

export interface Row {
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
const analyticsReaders = (answer: Answer, team: Answer = answer): PerRole => ({
  anonymous: "302 /auth",
  tenant: "302 /settings/profile",
  lapsedLandlord: "302 /settings/billing",
  landlord: answer,
  staff: team,
  admin: team,
});
const devOnly: Row = { get: everyone("404"), post: everyone("404") };

/** Every route of app/routes.ts by its full pattern. */
export const PAGE_MATRIX: Record<string, Row> = {
  "/": { get: everyone("200"), post: everyone("405") },
  "/search": { get: everyone("200"), post: everyone("405") },
  "/search/places": { get: everyone("200"), post: everyone("405") },
  // A bare request names no box: refused with a message.
  "/search/map-data": { get: everyone("400"), post: everyone("405") },
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
  "/cookie-consent": { get: everyone("302 /"), post: everyone("400") },
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
  // The identity sandbox's page: only its owner's open session; an empty form is not an outcome.
  "/identity/sandbox/:sessionId": {
    get: signedInOnly("404"),
    post: signedInOnly("400"),
    sample: () => "/identity/sandbox/vs_sbx_missing",
  },
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
  // The person's own data as a file: no id in the request, so nobody else's to ask for.
  "/settings/account/data": { get: signedInOnly("200"), post: signedInOnly("405") },
  // Starting an identity check needs the account page's button (intent=start); an empty post starts nothing.
  "/settings/account/identity": { get: signedInOnly("302 /settings/account"), post: signedInOnly("400") },
  "/settings/account/identity/:checkId": {
    get: signedInOnly("404"),
    post: signedInOnly("405"),
    sample: () => "/settings/account/identity/no-such-check",
  },
  "/settings/billing": { get: signedInOnly("200"), post: signedInOnly("405") },
  "/settings/favorites": { get: signedInOnly("200"), post: signedInOnly("405") },
  // An empty form is no known request: back to the page with a notice.
  "/settings/saved-searches": { get: signedInOnly("200"), post: signedInOnly("302 here") },
  "/settings/enquiries": { get: signedInOnly("200"), post: signedInOnly("405") },
  // An empty form is an invalid request.
  "/settings/help": { get: signedInOnly("200"), post: signedInOnly("400") },
  // Anyone signed in keeps their own renter profile; an empty form is no known request.
  "/settings/renter-profile": { get: signedInOnly("200"), post: signedInOnly("400") },
  // A document opens for its renter and landlords they enquired with: for anyone else, as for no document, 404.
  "/settings/renter-documents/:id": {
    get: signedInOnly("404"),
    post: signedInOnly("405"),
    sample: () => "/settings/renter-documents/00000000-0000-4000-8000-000000000000",
  },
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
  // A listing's photos: its landlord and admins; an empty form is no known request.
  "/settings/properties/:id/photos": {
    get: listingWriters("200"),
    post: signedInOnly("400"),
    sample: (ids) => `/settings/properties/${ids.listing}/photos`,
  },
  // Staff, admins and landlords; a lapsed landlord sees the page with the subscription notice.
  "/settings/api-keys": {
    get: { anonymous: "302 /auth", others: "200", tenant: "302 /settings/profile" },
    post: { anonymous: "302 /auth", others: "400", tenant: "302 /settings/profile" },
  },
  // Active landlords, staff and admins; a lapsed landlord is sent to billing with why.
  "/settings/analytics": { get: analyticsReaders("200"), post: analyticsReaders("405") },
  // Active landlords only; a lapsed landlord is sent to billing with why, staff and admins to their profile.
  "/settings/renters": {
    get: analyticsReaders("200", "302 /settings/profile"),
    post: analyticsReaders("400", "302 /settings/profile"),
  },
  // Staff and admins export a landlord's figures by naming them (?landlord=): without one, 404.
  "/settings/analytics/export.csv": { get: analyticsReaders("200", "404"), post: analyticsReaders("405") },
  "/admin": { get: backOffice("200"), post: backOffice("405") },
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
  "/admin/support": { get: backOffice("200"), post: backOffice("405") },
  // A request nobody sent: not found; an empty answer is refused before the request is looked up.
  "/admin/support/:id": { get: backOffice("404"), post: backOffice("400") },
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
  "/reference/:token": { get: everyone("400"), post: everyone("400"), sample: () => "/reference/not-a-token" },
  "/sitemap.xml": { get: everyone("200"), post: everyone("405") },
  "/robots.txt": { get: everyone("200"), post: everyone("405") },
  "/*": { get: everyone("404"), post: everyone("405"), sample: () => "/no-such-page" },
};

/**
 * Routes the Hono server answers before React Router (server/index.ts, server/health.ts,
 * server/auth-routes.ts, server/payment-webhooks.ts, server/identity-webhooks.ts, server/uploads.ts), other than
 * the REST API.
 */
export const SERVER_MATRIX: Record<string, Row> = {
  "/healthz": { get: everyone("200"), post: everyone("405") },
  "/readyz": { get: everyone("200"), post: everyone("405") },
  "/api/auth/callback/:providerId": {
    get: everyone("302 /auth"),
    post: everyone("405"),
    sample: () => "/api/auth/callback/oidc",
  },
  "/api/webhooks/payments": { get: everyone("404"), post: everyone("400") },
  "/api/webhooks/identity": { get: everyone("404"), post: everyone("400") },
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
export const API_MATRIX: Record<string, PerRole> = {
  "GET /api/listings": keyHolders("200"),
  // The body is checked before the role: a landlord's valid body is refused (staff and admins
  // create listings and manage the blog), see listings-api.test.ts.
  "POST /api/listings": keyHolders("400"),
  "GET /api/listings/{id}": keyHolders("200"),
  "PUT /api/listings/{id}": keyHolders("400"),
  "DELETE /api/listings/{id}": keyHolders("204"),
  "GET /api/listings/{id}/photo-review": keyHolders("200"),
  // An order that is not the suggestion's changes nothing.
  "POST /api/listings/{id}/photo-review": keyHolders("400"),
  // The listing's own landlord, staff and admins (another landlord's listing: 404, listing-analytics.test.ts).
  "GET /api/listings/{id}/stats": keyHolders("200"),
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

export function expected(perRole: PerRole, role: Role): Answer {
  if (typeof perRole === "string") return perRole;
  const fallback = role === "anonymous" ? undefined : perRole.signedIn;
  const answer = perRole[role] ?? fallback ?? perRole.others;
  if (!answer) throw new Error(`no expected answer for ${role}`);
  return answer;
}
