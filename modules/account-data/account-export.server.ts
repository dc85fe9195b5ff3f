import type { Executor } from "~/lib/db/client.server";
import { createRateLimiter, type RateLimiter } from "~/lib/rate-limit.server";
import type { Viewer } from "~/modules/auth/viewer";
import {
  apiKeysSection,
  auditLogSection,
  billingSection,
  conversationsSection,
  favouritesSection,
  listingsSection,
  profileSection,
  savedSearchesSection,
  sessionsSection,
  supportRequestsSection,
} from "~/modules/account-data/internal/export-sections.server";
import { identityChecksOf } from "~/modules/identity/identity-export.server";
import { renterProfilePage } from "~/modules/renter-profiles/renter-profiles.server";

/**
 * Every part of "Download my data", in the order the file shows them. A domain that keeps more of a
 * person's data adds its part here: one line, a name and a `(db, viewer) => Promise<…>` reading only
 * the viewer's own rows. The document's type follows from this list.
 */
export const EXPORT_SECTIONS = {
  profile: profileSection,
  listings: listingsSection,
  favourites: favouritesSection,
  savedSearches: savedSearchesSection,
  conversations: conversationsSection,
  billing: billingSection,
  apiKeys: apiKeysSection,
  supportRequests: supportRequestsSection,
  identityChecks: identityChecksOf,
  renterProfile: renterProfilePage,
  sessions: sessionsSection,
  auditLog: auditLogSection,
} satisfies Record<string, (db: Executor, viewer: Viewer) => Promise<unknown>>;

type Sections = typeof EXPORT_SECTIONS;

export type AccountDataDocument = {
  format: "laneway-rooms-account-data";
  version: 1;
  exportedAt: string;
} & { [Name in keyof Sections]: Awaited<ReturnType<Sections[Name]>> };

/** Five downloads an hour per person: the file reads every row they have. */
const EXPORT_LIMIT = { limit: 5, windowMs: 60 * 60_000 };
let exportLimiter: RateLimiter | undefined;

export type AccountExportResult =
  | { ok: true; document: AccountDataDocument; fileName: string }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

/** The signed-in person's own data; there is no way to name anyone else. */
export async function exportAccountData(
  db: Executor,
  viewer: Viewer,
  { now = new Date() }: { now?: Date } = {},
): Promise<AccountExportResult> {
  exportLimiter ??= createRateLimiter({ name: "account-data:export", ...EXPORT_LIMIT });
  const allowed = await exportLimiter.hit(viewer.id);
  if (!allowed.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: allowed.retryAfterSeconds };
  const entries = [];
  for (const [name, read] of Object.entries(EXPORT_SECTIONS)) entries.push([name, await read(db, viewer)] as const);
  const document = {
    format: "laneway-rooms-account-data",
    version: 1,
    exportedAt: now.toISOString(),
    ...Object.fromEntries(entries),
  } as AccountDataDocument;
  return { ok: true, document, fileName: `laneway-rooms-data-${now.toISOString().slice(0, 10)}.json` };
}
