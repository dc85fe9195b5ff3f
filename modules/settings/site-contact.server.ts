import { eq } from "drizzle-orm";
import { siteSettings } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { recordAudit, type AuditMeta } from "~/modules/audit/record-audit.server";
import type { Viewer } from "~/modules/auth/viewer";
import {
  canEditSiteSettings,
  DEFAULT_SITE_CONTACT,
  siteContactSchema,
  type SiteContact,
} from "~/modules/settings/site-contact";

const KEY = "contact";

/** The stored contact details; any field missing or no longer valid falls back to the default. */
export async function getSiteContact(db: Executor): Promise<SiteContact> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, KEY));
  const stored = siteContactSchema.partial().safeParse(row?.value ?? {});
  return { ...DEFAULT_SITE_CONTACT, ...(stored.success ? stripUndefined(stored.data) : {}) };
}

/** How long one instance may show contact details another instance has since changed. */
export const SITE_CONTACT_CACHE_MS = 30_000;
const recentContact = new WeakMap<Executor, { readAt: number; contact: Promise<SiteContact> }>();

/**
 * The contact details every page's footer shows: read from the database at most once per
 * SITE_CONTACT_CACHE_MS, and afresh after an update through this process (a read per page view was
 * a tenth of the database round trips of a search). A failed read is not kept.
 */
export function recentSiteContact(db: Executor, now = Date.now()): Promise<SiteContact> {
  const kept = recentContact.get(db);
  if (kept && now - kept.readAt < SITE_CONTACT_CACHE_MS) return kept.contact;
  const contact = getSiteContact(db);
  recentContact.set(db, { readAt: now, contact });
  contact.catch(() => {
    if (recentContact.get(db)?.contact === contact) recentContact.delete(db);
  });
  return contact;
}

function stripUndefined(value: Partial<SiteContact>): Partial<SiteContact> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined));
}

/** Saves the contact details (admins only), audited with what changed. */
export async function updateSiteContact(
  db: Executor,
  viewer: Viewer,
  contact: SiteContact,
  meta: AuditMeta,
): Promise<{ ok: true } | { ok: false; reason: "forbidden" }> {
  if (!canEditSiteSettings(viewer)) return { ok: false, reason: "forbidden" };
  return db
    .transaction(async (tx) => {
      const before = await getSiteContact(tx);
      await tx
        .insert(siteSettings)
        .values({ key: KEY, value: { ...contact } })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: { ...contact }, updatedAt: new Date() } });
      const changed = (Object.keys(contact) as (keyof SiteContact)[]).filter((key) => before[key] !== contact[key]);
      await recordAudit(tx, {
        actor: viewer,
        action: "settings.update",
        targetType: "settings",
        targetId: KEY,
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, contact[key]])),
        meta,
      });
      return { ok: true } as const;
    })
    .then((result) => {
      recentContact.delete(db);
      return result;
    });
}
