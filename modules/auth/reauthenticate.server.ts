import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { accounts, verifications } from "~/db/schema";
import { queueMail } from "~/lib/adapters/mail/mailer.server";
import type { Executor } from "~/lib/db/client.server";
import { verifyPassword } from "~/lib/password.server";
import type { Services } from "~/lib/services.server";
import { TOKEN_TTL_SECONDS } from "~/modules/auth/auth-config.server";
import type { AuthRefusal } from "~/modules/auth/auth-refusal";
import { checkAuthLimit } from "~/modules/auth/internal/auth-limits.server";
import type { Viewer } from "~/modules/auth/viewer";
import { accountDeletionCodeEmail } from "~/modules/mail/auth-emails";

/**
 * Proving, once more, that the person at the keyboard owns the signed-in account before a step that
 * cannot be undone (deleting the account): their password, or for an account without one a fresh
 * code e-mailed to its address. Both count against the sign-in limits, so a stolen session cannot
 * guess either faster than the sign-in page allows.
 */
export type Reauthentication = { ok: true } | { ok: false; reason: AuthRefusal; message: string };

export const REAUTH_MESSAGES = {
  wrongPassword: "That password is not correct. Nothing was changed.",
  noPassword: "Your account has no password: ask for a code by e-mail instead.",
  codeInvalid: "That code is not correct. Nothing was changed.",
  codeStale: "That code has expired or was already used. Ask for a new one.",
  codeSent: "We've e-mailed you a 6-digit code. It expires in 15 minutes.",
} as const;

/** How many wrong guesses one e-mailed code survives. */
const CODE_ATTEMPTS = 3;

const identifierFor = (purpose: string, userId: string) => `reauth:${purpose}:${userId}`;
const digest = (code: string) => createHash("sha256").update(code).digest();

export async function confirmPassword(
  db: Executor,
  viewer: Pick<Viewer, "id" | "email">,
  password: string,
  clientAddress: string,
): Promise<Reauthentication> {
  const limited = await checkAuthLimit("signIn", clientAddress, viewer.email);
  if (limited) return { ok: false, reason: "rate-limited", message: limited };
  const [row] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, viewer.id), eq(accounts.providerId, "credential")))
    .limit(1);
  if (!row?.hash) return { ok: false, reason: "invalid", message: REAUTH_MESSAGES.noPassword };
  if (!password || !(await verifyPassword(row.hash, password))) {
    return { ok: false, reason: "unauthorized", message: REAUTH_MESSAGES.wrongPassword };
  }
  return { ok: true };
}

/**
 * E-mails a 6-digit code to the account's own address, replacing any earlier one for the same
 * purpose: only the newest code works, for 15 minutes, once.
 */
export async function sendConfirmationCode(
  db: Executor,
  viewer: Pick<Viewer, "id" | "email">,
  { purpose, site, clientAddress }: { purpose: "account-deletion"; site: Services["site"]; clientAddress: string },
): Promise<Reauthentication> {
  const limited = await checkAuthLimit("emailRequest", clientAddress, viewer.email);
  if (limited) return { ok: false, reason: "rate-limited", message: limited };
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const identifier = identifierFor(purpose, viewer.id);
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, identifier));
    await tx.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier,
      value: `${digest(code).toString("hex")}:0`,
      expiresAt: new Date(Date.now() + TOKEN_TTL_SECONDS * 1000),
    });
    await queueMail(tx, { to: viewer.email, ...accountDeletionCodeEmail({ siteName: site.name, code }) });
  });
  return { ok: true };
}

/** Checks an e-mailed code and uses it up; a wrong one counts, and the third wrong guess ends the code. */
export async function redeemConfirmationCode(
  db: Executor,
  viewer: Pick<Viewer, "id" | "email">,
  { purpose, code, clientAddress }: { purpose: "account-deletion"; code: string; clientAddress: string },
): Promise<Reauthentication> {
  const limited = await checkAuthLimit("codeCheck", clientAddress, viewer.email);
  if (limited) return { ok: false, reason: "rate-limited", message: limited };
  const given = code.replace(/\s+/g, "");
  const identifier = identifierFor(purpose, viewer.id);
  return db.transaction(async (tx): Promise<Reauthentication> => {
    const [row] = await tx.select().from(verifications).where(eq(verifications.identifier, identifier)).for("update");
    if (!row || row.expiresAt.getTime() <= Date.now()) {
      return { ok: false, reason: "unauthorized", message: REAUTH_MESSAGES.codeStale };
    }
    const [stored = "", attempts = "0"] = row.value.split(":");
    if (/^\d{6}$/.test(given) && timingSafeEqual(Buffer.from(stored, "hex"), digest(given))) {
      await tx.delete(verifications).where(eq(verifications.id, row.id));
      return { ok: true };
    }
    const used = Number(attempts) + 1;
    if (used >= CODE_ATTEMPTS) await tx.delete(verifications).where(eq(verifications.id, row.id));
    else
      await tx
        .update(verifications)
        .set({ value: `${stored}:${used}` })
        .where(eq(verifications.id, row.id));
    return { ok: false, reason: "unauthorized", message: REAUTH_MESSAGES.codeInvalid };
  });
}
