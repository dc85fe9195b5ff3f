import { eq } from "drizzle-orm";
import { profiles, users } from "~/db/schema";
import type { PaymentsAdapter } from "~/lib/adapters/payments/payments-adapter";
import type { StorageAdapter } from "~/lib/adapters/storage/storage-adapter";
import type { Executor } from "~/lib/db/client.server";
import { logger as defaultLogger, type Logger } from "~/lib/logger.server";
import type { Services } from "~/lib/services.server";
import type { PrivateFileStore } from "~/lib/adapters/storage/private-files";
import type { DeletionCredential, DeletionRefusal } from "~/modules/account-data/account-data";
import { ACCOUNT_DELETION_STEPS } from "~/modules/account-data/internal/deletion-steps.server";
import { canManageUsers } from "~/modules/admin/users";
import { recordAudit, type AuditMeta } from "~/modules/audit/record-audit.server";
import { roleCan } from "~/modules/auth/permissions";
import {
  confirmPassword,
  redeemConfirmationCode,
  sendConfirmationCode,
  type Reauthentication,
} from "~/modules/auth/reauthenticate.server";
import type { Viewer } from "~/modules/auth/viewer";

export interface DeletionDeps {
  db: Executor;
  payments: Pick<PaymentsAdapter, "cancelSubscriptions">;
  storage: Pick<StorageAdapter, "keyFromUrl" | "deleteObject">;
  privateFiles: Pick<PrivateFileStore, "delete">;
  logger?: Pick<Logger, "error">;
}

export type DeletionResult = { ok: true } | { ok: false; reason: DeletionRefusal; message?: string };

/** What the audit row says of the person deleting their own account: no name, address or e-mail. */
const ACCOUNT_HOLDER = "account holder";
const WITHHELD_ADDRESS = "withheld";

/** E-mails the signed-in person a code that confirms deleting their account (for accounts without a password). */
export function requestDeletionCode(
  db: Executor,
  viewer: Viewer,
  { site, clientAddress }: { site: Services["site"]; clientAddress: string },
): Promise<Reauthentication> {
  return sendConfirmationCode(db, viewer, { purpose: "account-deletion", site, clientAddress });
}

/**
 * The signed-in person deletes their own account, after proving again that it is theirs. The audit
 * row names neither them nor where they asked from.
 */
export async function deleteOwnAccount(
  deps: DeletionDeps,
  viewer: Viewer,
  credential: DeletionCredential,
  meta: AuditMeta,
): Promise<DeletionResult> {
  const proof =
    credential.method === "password"
      ? await confirmPassword(deps.db, viewer, credential.password, meta.clientAddress)
      : await redeemConfirmationCode(deps.db, viewer, {
          purpose: "account-deletion",
          code: credential.code,
          clientAddress: meta.clientAddress,
        });
  if (!proof.ok) return { ok: false, reason: proof.reason, message: proof.message };
  return removeAccount(deps, viewer.id, {
    actor: { id: viewer.id, email: ACCOUNT_HOLDER },
    reason: "Deleted by the account holder.",
    meta: { clientAddress: WITHHELD_ADDRESS },
  });
}

/**
 * An administrator deletes an account on its holder's request (a message to support, a letter),
 * confirming by typing the account's e-mail address. Audited under the administrator's name.
 */
export async function deleteAccountOnRequest(
  deps: DeletionDeps,
  viewer: Viewer,
  input: { userId: string; confirmEmail: string },
  meta: AuditMeta,
): Promise<DeletionResult> {
  if (!canManageUsers(viewer)) return { ok: false, reason: "forbidden" };
  if (input.userId === viewer.id) return { ok: false, reason: "self" };
  const [actor] = await deps.db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, viewer.id));
  if (!actor || !roleCan(actor.role, "manage:user:any")) return { ok: false, reason: "forbidden" };
  const [target] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
  if (!target) return { ok: false, reason: "not-found" };
  if (target.email.toLowerCase() !== input.confirmEmail.trim().toLowerCase()) {
    return { ok: false, reason: "confirmation-mismatch" };
  }
  return removeAccount(deps, input.userId, {
    actor: viewer,
    reason: "Deleted by an administrator at the account holder's request.",
    meta,
  });
}

/**
 * Cancels the subscription at the provider first (a failure there deletes nothing), then runs every
 * deletion step and writes the audit row in one transaction, then removes the files the steps named.
 */
async function removeAccount(
  deps: DeletionDeps,
  userId: string,
  audit: { actor: { id: string; email: string }; reason: string; meta: AuditMeta },
): Promise<DeletionResult> {
  const logger = deps.logger ?? defaultLogger;
  const [account] = await deps.db
    .select({ email: users.email, role: profiles.role, customerId: profiles.stripeCustomerId })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  if (!account) return { ok: false, reason: "not-found" };
  const lastAdmin = async (executor: Executor) => {
    if (account.role !== "admin") return false;
    const admins = await executor
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.role, "admin"))
      .for("update");
    return admins.length <= 1;
  };
  // Checked before the provider is asked too, so a refused deletion cancels nothing.
  if (await lastAdmin(deps.db)) return { ok: false, reason: "last-admin" };
  if (account.customerId) {
    try {
      await deps.payments.cancelSubscriptions(account.customerId);
    } catch (error) {
      logger.error({ err: error }, "account deletion: the payment provider could not cancel the subscription");
      return { ok: false, reason: "provider-failed" };
    }
  }
  const outcome = await deps.db.transaction(async (tx) => {
    // Under the admins' row locks: two admins deleting each other at once keep one.
    if (await lastAdmin(tx)) return { ok: false, reason: "last-admin" } as const;
    const keys: string[] = [];
    const privateKeys: string[] = [];
    for (const step of ACCOUNT_DELETION_STEPS) {
      const files = await step.run({ tx, userId, email: account.email, storage: deps.storage });
      keys.push(...(files.storage ?? []));
      privateKeys.push(...(files.privateFiles ?? []));
    }
    await recordAudit(tx, {
      actor: audit.actor,
      action: "user.delete",
      targetType: "user",
      targetId: userId,
      before: { role: account.role },
      after: null,
      reason: audit.reason,
      meta: audit.meta,
    });
    return { ok: true, keys, privateKeys } as const;
  });
  if (!outcome.ok) return outcome;
  for (const key of new Set(outcome.keys)) {
    try {
      await deps.storage.deleteObject(key);
    } catch (error) {
      logger.error({ err: error, key }, "account deletion: a file could not be removed from storage");
    }
  }
  for (const key of new Set(outcome.privateKeys)) {
    try {
      await deps.privateFiles.delete(key);
    } catch (error) {
      logger.error({ err: error, key }, "account deletion: a private file could not be removed");
    }
  }
  return { ok: true };
}
