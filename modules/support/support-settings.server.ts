import { eq } from "drizzle-orm";
import { siteSettings } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { recordAudit, type AuditMeta } from "~/modules/audit/record-audit.server";
import type { Viewer } from "~/modules/auth/viewer";
import { canEditSiteSettings } from "~/modules/settings/site-contact";
import { DEFAULT_SUPPORT_SETTINGS, isAnswerDays, type SupportSettings } from "~/modules/support/support-settings";

const KEY = "support";

/** The stored support settings; a missing or no longer valid value falls back to the default. */
export async function getSupportSettings(db: Executor): Promise<SupportSettings> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, KEY));
  const days = row?.value.priorityAnswerDays;
  return isAnswerDays(days) ? { priorityAnswerDays: days } : DEFAULT_SUPPORT_SETTINGS;
}

/** Saves the support settings (admins only, like every site setting), audited. */
export async function updateSupportSettings(
  db: Executor,
  viewer: Viewer,
  settings: SupportSettings,
  meta: AuditMeta,
): Promise<{ ok: true } | { ok: false; reason: "forbidden" }> {
  if (!canEditSiteSettings(viewer)) return { ok: false, reason: "forbidden" };
  return db.transaction(async (tx) => {
    const before = await getSupportSettings(tx);
    const value = { priorityAnswerDays: settings.priorityAnswerDays };
    await tx
      .insert(siteSettings)
      .values({ key: KEY, value })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
    await recordAudit(tx, {
      actor: viewer,
      action: "settings.update",
      targetType: "settings",
      targetId: KEY,
      before: { ...before },
      after: value,
      meta,
    });
    return { ok: true } as const;
  });
}
