import { and, eq } from "drizzle-orm";
import { accounts } from "~/db/schema";
import QRCode from "qrcode";
import { queueMail } from "~/lib/adapters/mail/mailer.server";
import type { Executor } from "~/lib/db/client.server";
import type { Services } from "~/lib/services.server";
import { logger } from "~/lib/logger.server";
import { ACCOUNT_MESSAGES, type BackupCodes, type TwoFactorSetup } from "~/modules/auth/account-settings";
import type { Auth } from "~/modules/auth/auth.server";
import { claimTwoFactorCode } from "~/modules/auth/internal/totp-replay.server";
import { checkAuthLimit } from "~/modules/auth/internal/auth-limits.server";
import type { AuthRefusal } from "~/modules/auth/auth-refusal";
import { libraryRefusal } from "~/modules/auth/internal/auth-refusal.server";
import type { Viewer } from "~/modules/auth/viewer";
import {
  passwordChangedEmail,
  twoFactorDisabledEmail,
  twoFactorEnabledEmail,
  type EmailContent,
} from "~/modules/mail/auth-emails";

/** Who is asking, and the headers the auth library needs to find their session. */
export interface AccountRequest {
  /** The auth library, bound to the request's database. */
  auth: Auth;
  viewer: Pick<Viewer, "id" | "email" | "twoFactorEnabled">;
  /** From authHeaders(): the session cookie plus the trusted client address. */
  headers: Headers;
  clientAddress: string;
  /** Where security notices are queued, and the site they name. */
  services: Pick<Services, "db" | "site">;
}

/** `setCookies` must reach the browser: the auth library replaces the session on some of these steps. */
export type AccountOutcome<T extends object = object> =
  ({ ok: true; setCookies: string[] } & T) | { ok: false; message: string; reason: AuthRefusal };

const ALREADY_ON = "Two-factor authentication is already on.";
const ALREADY_OFF = "Two-factor authentication is already off.";

export async function changePassword(
  request: AccountRequest,
  input: { currentPassword: string; newPassword: string },
): Promise<AccountOutcome> {
  const limited = await passwordAttemptLimit(request);
  if (limited) return limited;
  try {
    const { headers } = await request.auth.api.changePassword({
      body: { ...input, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    notify(request.services, request.viewer.email, passwordChangedEmail);
    return { ok: true, setCookies: headers.getSetCookie() };
  } catch (error) {
    return refused(error, ACCOUNT_MESSAGES.passwordChangeFailed, {
      CREDENTIAL_ACCOUNT_NOT_FOUND: ACCOUNT_MESSAGES.noPasswordYet,
      INVALID_PASSWORD: ACCOUNT_MESSAGES.currentPasswordIncorrect,
      PASSWORD_TOO_SHORT: ACCOUNT_MESSAGES.passwordTooShort,
      PASSWORD_TOO_LONG: ACCOUNT_MESSAGES.passwordTooLong,
    });
  }
}

/** Whether the user can sign in with a password (someone who joined through the identity provider cannot, yet). */
export async function hasPassword(database: Executor, userId: string): Promise<boolean> {
  const [row] = await database
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .limit(1);
  return Boolean(row);
}

/**
 * For an account without a password: e-mails its owner a single-use link to set one (the reset
 * link, which creates the password when there is none). Only to the account's own address.
 */
export async function requestPasswordSetup(request: AccountRequest): Promise<AccountOutcome> {
  const message = await checkAuthLimit("emailRequest", request.clientAddress, request.viewer.email);
  if (message) return { ok: false, message, reason: "rate-limited" };
  try {
    await request.auth.api.requestPasswordReset({ body: { email: request.viewer.email }, headers: request.headers });
    return { ok: true, setCookies: [] };
  } catch (error) {
    return refused(error, ACCOUNT_MESSAGES.setPasswordFailed, {});
  }
}

/**
 * Creates a new, unconfirmed secret (replacing any earlier unconfirmed one); two-factor stays off
 * until a code from it is verified. The backup codes the library returns here are not passed on:
 * they are shown only once the user has proved the authenticator works (confirmTwoFactorSetup).
 */
export async function beginTwoFactorSetup(
  request: AccountRequest,
  password: string,
): Promise<AccountOutcome<TwoFactorSetup>> {
  if (request.viewer.twoFactorEnabled) return { ok: false, message: ALREADY_ON, reason: "conflict" };
  const limited = await passwordAttemptLimit(request);
  if (limited) return limited;
  try {
    const result = await request.auth.api.enableTwoFactor({ body: { password }, headers: request.headers });
    const totpUri = "totpURI" in result ? result.totpURI : undefined;
    const secret = totpUri ? new URL(totpUri).searchParams.get("secret") : null;
    if (!totpUri || !secret) throw new Error("the auth library returned no TOTP URI");
    const svg = await QRCode.toString(totpUri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
    const qrCode = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
    return { ok: true, setCookies: [], qrCode, totpUri, secret };
  } catch (error) {
    return refused(error, ACCOUNT_MESSAGES.setupFailed, { INVALID_PASSWORD: ACCOUNT_MESSAGES.passwordIncorrect });
  }
}

/** The first valid code turns two-factor on; the backup codes are then read back and shown once. */
export async function confirmTwoFactorSetup(
  db: Executor,
  request: AccountRequest,
  code: string,
): Promise<AccountOutcome<BackupCodes>> {
  if (request.viewer.twoFactorEnabled) return { ok: false, message: ALREADY_ON, reason: "conflict" };
  let setCookies: string[];
  try {
    const { headers } = await request.auth.api.verifyTOTP({
      body: { code },
      headers: request.headers,
      returnHeaders: true,
    });
    setCookies = headers.getSetCookie();
    // The code that turned two-factor on cannot then be used to sign in.
    await claimTwoFactorCode(db, request.viewer.id, code);
  } catch (error) {
    return refused(
      error,
      ACCOUNT_MESSAGES.verifyFailed,
      { TOTP_NOT_ENABLED: "Two-factor set-up has not been started. Select Begin Setup first." },
      { serverMessage: true },
    );
  }
  notify(request.services, request.viewer.email, twoFactorEnabledEmail);
  // Two-factor is on whatever happens next; without the codes the page offers to generate new ones.
  const backupCodes = await request.auth.api.viewBackupCodes({ body: { userId: request.viewer.id } }).then(
    (result) => result.backupCodes,
    (error: unknown) => {
      logger.error({ err: error }, "could not read back the new backup codes");
      return null;
    },
  );
  return { ok: true, setCookies, backupCodes };
}

export async function disableTwoFactor(request: AccountRequest, password: string): Promise<AccountOutcome> {
  if (!request.viewer.twoFactorEnabled) return { ok: false, message: ALREADY_OFF, reason: "conflict" };
  const limited = await passwordAttemptLimit(request);
  if (limited) return limited;
  try {
    const { headers } = await request.auth.api.disableTwoFactor({
      body: { password },
      headers: request.headers,
      returnHeaders: true,
    });
    notify(request.services, request.viewer.email, twoFactorDisabledEmail);
    return { ok: true, setCookies: headers.getSetCookie() };
  } catch (error) {
    return refused(error, ACCOUNT_MESSAGES.disableFailed, { INVALID_PASSWORD: ACCOUNT_MESSAGES.passwordIncorrect });
  }
}

/** Replaces every backup code; the old ones stop working. */
export async function regenerateBackupCodes(
  request: AccountRequest,
  password: string,
): Promise<AccountOutcome<BackupCodes>> {
  if (!request.viewer.twoFactorEnabled) return { ok: false, message: ALREADY_OFF, reason: "conflict" };
  const limited = await passwordAttemptLimit(request);
  if (limited) return limited;
  try {
    const { backupCodes } = await request.auth.api.generateBackupCodes({
      body: { password },
      headers: request.headers,
    });
    return { ok: true, setCookies: [], backupCodes };
  } catch (error) {
    return refused(error, ACCOUNT_MESSAGES.backupCodesFailed, { INVALID_PASSWORD: ACCOUNT_MESSAGES.passwordIncorrect });
  }
}

/**
 * Every step here checks the password, so it shares the account's sign-in budget: a stolen
 * session cannot be used to guess the password faster than the sign-in form allows.
 */
async function passwordAttemptLimit(request: AccountRequest): Promise<AccountOutcome<never> | null> {
  const message = await checkAuthLimit("signIn", request.clientAddress, request.viewer.email);
  return message ? { ok: false, message, reason: "rate-limited" } : null;
}

/** A security notice; failing to send it must not undo or fail the change it reports. */
function notify(
  { db, site }: AccountRequest["services"],
  to: string,
  template: (content: { siteName: string; supportUrl: string }) => EmailContent,
): void {
  const content = template({ siteName: site.name, supportUrl: `${site.url}/contact` });
  queueMail(db, { to, ...content }).catch((error: unknown) => {
    logger.error({ err: error, subject: content.subject }, "could not send an account security e-mail");
  });
}

/** Our wording for the auth library's known refusals; otherwise its own message (if asked) or the fallback. */
function refused(
  error: unknown,
  fallback: string,
  messages: Record<string, string>,
  options: { serverMessage?: boolean } = {},
): AccountOutcome<never> {
  const refusal = libraryRefusal(error);
  if (refusal) {
    const known = refusal.code ? messages[refusal.code] : undefined;
    const message = known ?? (options.serverMessage && refusal.message ? refusal.message : fallback);
    return { ok: false, message, reason: refusal.reason };
  }
  logger.error({ err: error }, "an account settings step failed");
  return { ok: false, message: fallback, reason: "failed" };
}
