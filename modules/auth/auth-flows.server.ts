import { eq } from "drizzle-orm";
import { isAPIError } from "better-auth/api";
import { z } from "zod";
import { users } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Services } from "~/lib/services.server";
import { runInBackground } from "~/lib/background-tasks.server";
import { logger } from "~/lib/logger.server";
import type { Auth } from "~/modules/auth/auth.server";
import {
  checkAuthLimit,
  claimCeilingNotice,
  clearAccountLimit,
  countAuthAttempt,
  SIGN_IN_WINDOW_MINUTES,
  type AuthLimit,
} from "~/modules/auth/internal/auth-limits.server";
import type { AuthRefusal } from "~/modules/auth/auth-refusal";
import { libraryRefusal } from "~/modules/auth/internal/auth-refusal.server";
import { OAUTH_ERROR_URL, oauthProvider } from "~/modules/auth/auth-config.server";
import { createUser } from "~/modules/auth/create-user.server";
import { authPath, safeReturnTo } from "~/modules/auth/return-to";
import { queueMail } from "~/lib/adapters/mail/mailer.server";
import { accountUnderAttackEmail } from "~/modules/mail/auth-emails";
import { claimTwoFactorCode, CODE_ALREADY_USED, discardSession } from "~/modules/auth/internal/totp-replay.server";
import { personName } from "~/modules/profiles/person-name";
import { normalisePhone, phoneCountryFieldName } from "~/modules/profiles/phone-number";
import { formText, type FieldValues } from "~/lib/form-data";

/** What an auth step leads to; the /auth route turns it into a response. */
export type AuthOutcome =
  | { kind: "signed-in"; to: string; headers: Headers }
  | { kind: "redirect"; to: string; headers?: Headers }
  | { kind: "two-factor"; headers: Headers }
  | { kind: "code-sent"; email: string; message: string }
  | { kind: "confirmation"; message: string }
  | {
      kind: "error";
      message: string;
      reason: AuthRefusal;
      fields?: Record<string, string>;
      /** Another way in that still works: signing in with an e-mailed code, when passwords are paused. */
      alternative?: "email-code";
    };

export interface AuthRequest {
  /** The auth library, bound to the same database as the step's `db`. */
  auth: Auth;
  /** The submitted values (a browser form, or an API body). */
  form: FieldValues;
  /** Headers for the auth library: the request's cookies plus the trusted client address. */
  headers: Headers;
  clientAddress: string;
  /** The site (for the e-mails a step queues) and the sign-in provider settings. */
  services: Pick<Services, "site" | "config">;
}

export const MISSING_CREDENTIALS = "You must provide either an email or phone number and a password";
export const CHECK_EMAIL_CONFIRMATION = "Check your email for the confirmation link.";
export const CHECK_EMAIL_MAGIC_LINK = "Check your email for the magic link.";
export const CHECK_EMAIL_RESET = "Check your email for the password reset link.";
export const CHECK_EMAIL_CODE = "Check your email for a 6-digit sign-in code.";
export const PASSWORD_UPDATED = "Your password has been updated.";
export const EMAIL_CONFIRMED = "Your e-mail address is confirmed. Please sign in.";
export const EMAIL_CODE_STILL_WORKS = "You can still sign in with a one-time code sent to your e-mail.";

/**
 * Where a sign-in the auth library completed leads: straight in, or — for an account with
 * two-factor on, whatever the method — to the code prompt, the library having already dropped the
 * session it made and set the pending two-factor cookie instead.
 */
function signedInOrChallenged(response: unknown, headers: Headers, returnTo: string): AuthOutcome {
  const challenged =
    typeof response === "object" && response !== null && "twoFactorRedirect" in response && response.twoFactorRedirect;
  return challenged ? { kind: "two-factor", headers } : { kind: "signed-in", to: safeReturnTo(returnTo), headers };
}

const emailOf = (form: FieldValues) => formText(form, "email").trim().toLowerCase();
const emailSchema = z.email();

async function limited(name: AuthLimit, request: AuthRequest, account?: string): Promise<AuthOutcome | null> {
  const message = await checkAuthLimit(name, request.clientAddress, account);
  return message ? { kind: "error", message, reason: "rate-limited" } : null;
}

/**
 * The password sign-in's limits. When the account's ceiling refuses (guessing spread over many
 * networks), the owner is locked out of password sign-in too, so the refusal says that an e-mailed
 * code still works, and the owner is warned by e-mail once per window. The warning is queued after
 * the answer and only for an existing account, so the answer says nothing about who is registered.
 */
async function passwordSignInLimited(db: Executor, request: AuthRequest, email: string): Promise<AuthOutcome | null> {
  const refusal = await countAuthAttempt("signIn", request.clientAddress, email);
  if (!refusal) return null;
  if (!refusal.accountCeiling) return { kind: "error", message: refusal.message, reason: "rate-limited" };
  runInBackground("account under attack e-mail", () => warnOwnerOfAttack(db, request.services.site, email), logger);
  return {
    kind: "error",
    message: `${refusal.message} ${EMAIL_CODE_STILL_WORKS}`,
    reason: "rate-limited",
    alternative: "email-code",
  };
}

async function warnOwnerOfAttack(db: Executor, site: Services["site"], email: string): Promise<void> {
  if (!(await userExists(db, email)) || !(await claimCeilingNotice(email))) return;
  await queueMail(db, {
    to: email,
    ...accountUnderAttackEmail({
      siteName: site.name,
      codeUrl: `${site.url}${authPath("verify_otp")}`,
      minutes: SIGN_IN_WINDOW_MINUTES,
    }),
  });
}

/** The auth library's own message for a refused step (never a stack or internal detail). */
function failure(error: unknown, fallback: string): AuthOutcome {
  const refusal = libraryRefusal(error);
  if (refusal) return { kind: "error", message: refusal.message ?? fallback, reason: refusal.reason };
  logger.error({ err: error }, "auth step failed");
  return { kind: "error", message: fallback, reason: "failed" };
}

async function userExists(db: Executor, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return Boolean(row);
}

export async function signInWithPassword(db: Executor, request: AuthRequest, returnTo: string): Promise<AuthOutcome> {
  const email = emailOf(request.form);
  const password = formText(request.form, "password");
  if (!email || !password) return { kind: "error", message: MISSING_CREDENTIALS, reason: "invalid" };
  const refused = await passwordSignInLimited(db, request, email);
  if (refused) return refused;
  try {
    const { headers, response } = await request.auth.api.signInEmail({
      body: { email, password },
      headers: request.headers,
      returnHeaders: true,
    });
    await clearAccountLimit("signIn", email, request.clientAddress);
    return signedInOrChallenged(response, headers, returnTo);
  } catch (error) {
    if (isAPIError(error) && error.body?.code === "EMAIL_NOT_VERIFIED") {
      return {
        kind: "error",
        reason: "forbidden",
        message: "Please confirm your e-mail address first. We've sent you a new confirmation link.",
      };
    }
    return failure(error, "Invalid email or password");
  }
}

export async function verifyTwoFactor(db: Executor, request: AuthRequest, returnTo: string): Promise<AuthOutcome> {
  const code = formText(request.form, "code").replace(/\s+/g, "");
  const useBackup = formText(request.form, "method") === "backup";
  if (!code) return { kind: "error", message: "Enter the code from your authenticator app.", reason: "invalid" };
  const refused = await limited("codeCheck", request);
  if (refused) return refused;
  try {
    if (useBackup) {
      // Backup codes are single-use in the auth library itself.
      const { headers } = await request.auth.api.verifyBackupCode({
        body: { code },
        headers: request.headers,
        returnHeaders: true,
      });
      return { kind: "signed-in", to: safeReturnTo(returnTo), headers };
    }
    const { headers, response } = await request.auth.api.verifyTOTP({
      body: { code },
      headers: request.headers,
      returnHeaders: true,
    });
    if (!(await claimTwoFactorCode(db, response.user.id, code))) {
      // The code was valid but already used: the session just made for it never reaches the client.
      await discardSession(db, response.token);
      return { kind: "error", message: CODE_ALREADY_USED, reason: "unauthorized" };
    }
    return { kind: "signed-in", to: safeReturnTo(returnTo), headers };
  } catch (error) {
    return failure(error, "Invalid code");
  }
}

const signUpSchema = z.object({
  email: z.email({ error: "Enter a valid e-mail address" }),
  password: z
    .string()
    .min(6, { error: "Password must be at least 6 characters long" })
    .max(128, { error: "Password is too long" }),
  firstName: personName("first name"),
  lastName: personName("last name"),
  phone: z.string({ error: "Enter a valid phone number" }),
});

/**
 * Registers a user with their profile in one transaction, then e-mails a confirmation link. An
 * address that already has an account gets the same answer (and no second account).
 */
export async function signUp(db: Executor, request: AuthRequest): Promise<AuthOutcome> {
  const form = request.form;
  const email = emailOf(form);
  if (!email || !formText(form, "password")) return { kind: "error", message: MISSING_CREDENTIALS, reason: "invalid" };
  const phone = normalisePhone(formText(form, "phone"), formText(form, phoneCountryFieldName("phone")) || "AU");
  const parsed = signUpSchema.safeParse({
    email,
    password: formText(form, "password"),
    firstName: formText(form, "firstName"),
    lastName: formText(form, "lastName"),
    phone: phone ?? undefined,
  });
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    return { kind: "error", message: parsed.error.issues[0]?.message ?? "Check the form", reason: "invalid", fields };
  }
  const refused = await limited("signUp", request, email);
  if (refused) return refused;
  const input = parsed.data;
  const created = await createUser(db, { ...input, role: "tenant", emailVerified: false }).then(
    () => true,
    (error: unknown) => {
      if (isUniqueViolation(error)) return false;
      throw error;
    },
  );
  // The account exists either way; signing in later sends a fresh confirmation link if this fails.
  if (created)
    runInBackground("confirmation e-mail", () => request.auth.api.sendVerificationEmail({ body: { email } }), logger);
  return { kind: "confirmation", message: CHECK_EMAIL_CONFIRMATION };
}

function isUniqueViolation(error: unknown): boolean {
  for (
    let current: unknown = error;
    current && typeof current === "object";
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * An e-mail sent on request (magic link, sign-in code, reset link): limited per address and per
 * account, and answered at once, the same way, whether or not the address has an account — the
 * lookup and the sending happen after the answer, so neither its timing nor an error can tell.
 */
async function emailRequest(
  db: Executor,
  request: AuthRequest,
  send: (email: string) => Promise<unknown>,
  answer: (email: string) => AuthOutcome,
): Promise<AuthOutcome> {
  const email = emailOf(request.form);
  if (!emailSchema.safeParse(email).success) {
    return { kind: "error", message: "Enter your e-mail address", reason: "invalid" };
  }
  const refused = await limited("emailRequest", request, email);
  if (refused) return refused;
  runInBackground(
    "e-mail on request",
    async () => {
      if (await userExists(db, email)) await send(email);
    },
    logger,
  );
  return answer(email);
}

export function requestMagicLink(db: Executor, request: AuthRequest): Promise<AuthOutcome> {
  return emailRequest(
    db,
    request,
    (email) => request.auth.api.signInMagicLink({ body: { email }, headers: request.headers }),
    () => ({ kind: "confirmation", message: CHECK_EMAIL_MAGIC_LINK }),
  );
}

export function requestPasswordReset(db: Executor, request: AuthRequest): Promise<AuthOutcome> {
  return emailRequest(
    db,
    request,
    (email) => request.auth.api.requestPasswordReset({ body: { email }, headers: request.headers }),
    () => ({ kind: "confirmation", message: CHECK_EMAIL_RESET }),
  );
}

export function requestSignInCode(db: Executor, request: AuthRequest): Promise<AuthOutcome> {
  return emailRequest(
    db,
    request,
    (email) => request.auth.api.sendVerificationOTP({ body: { email, type: "sign-in" }, headers: request.headers }),
    (email) => ({ kind: "code-sent", email, message: CHECK_EMAIL_CODE }),
  );
}

export async function signInWithCode(request: AuthRequest, returnTo: string): Promise<AuthOutcome> {
  const email = emailOf(request.form);
  const otp = formText(request.form, "code").replace(/\s+/g, "");
  if (!email || !otp) return { kind: "error", message: "Enter the 6-digit code from the e-mail.", reason: "invalid" };
  const refused = await limited("codeCheck", request, email);
  if (refused) return refused;
  try {
    const { headers, response } = await request.auth.api.signInEmailOTP({
      body: { email, otp },
      headers: request.headers,
      returnHeaders: true,
    });
    return signedInOrChallenged(response, headers, returnTo);
  } catch (error) {
    return failure(error, "Invalid or expired code");
  }
}

export async function updatePassword(request: AuthRequest): Promise<AuthOutcome> {
  const token = formText(request.form, "token");
  const password = formText(request.form, "password");
  if (!token) return { kind: "error", message: "This reset link is invalid or has expired.", reason: "invalid" };
  if (password.length < 6) {
    return { kind: "error", message: "Password must be at least 6 characters long", reason: "invalid" };
  }
  if (password !== formText(request.form, "confirmPassword")) {
    return { kind: "error", message: "Passwords do not match", reason: "invalid" };
  }
  const refused = await limited("codeCheck", request);
  if (refused) return refused;
  try {
    await request.auth.api.resetPassword({ body: { newPassword: password, token }, headers: request.headers });
  } catch (error) {
    if (isAPIError(error) && error.body?.code === "INVALID_TOKEN") {
      return { kind: "error", message: "This reset link is invalid or has expired.", reason: "invalid" };
    }
    return failure(error, "Failed to update password");
  }
  return { kind: "redirect", to: "/auth?view=sign_in&updated=1" };
}

/** Starts the OpenID Connect flow: state, PKCE verifier and nonce are kept by the auth library. */
export async function startOAuth(request: AuthRequest, returnTo: string): Promise<AuthOutcome> {
  const provider = oauthProvider(request.services.config);
  if (!provider) return { kind: "error", message: "Social sign-in is not available.", reason: "not-found" };
  const refused = await limited("signIn", request);
  if (refused) return refused;
  const callback = new URLSearchParams({ returnTo: safeReturnTo(returnTo) });
  try {
    const { headers, response } = await request.auth.api.signInSocial({
      body: {
        provider: provider.id,
        callbackURL: `/auth/callback?${callback.toString()}`,
        errorCallbackURL: OAUTH_ERROR_URL,
        disableRedirect: true,
      },
      headers: request.headers,
      returnHeaders: true,
    });
    if (!("url" in response) || !response.url) return failure(null, "Social sign-in is not available.");
    return { kind: "redirect", to: response.url, headers };
  } catch (error) {
    return failure(error, "Social sign-in is not available right now.");
  }
}

/**
 * Redeems an e-mailed link from the confirmation page's button. A confirmed address signs nobody
 * in (the person signs in with their password next); a magic link signs in, through two-factor
 * when it is on.
 */
export async function confirmEmailedLink(
  auth: Auth,
  type: "email" | "magic_link",
  token: string,
  headers: Headers,
  clientAddress: string,
): Promise<AuthOutcome> {
  const refused = await checkAuthLimit("codeCheck", clientAddress);
  if (refused) return { kind: "error", message: refused, reason: "rate-limited" };
  try {
    if (type === "email") {
      await auth.api.verifyEmail({ query: { token }, headers });
      return { kind: "redirect", to: "/auth?view=sign_in&confirmed=1" };
    }
    const result = await auth.api.magicLinkVerify({ query: { token }, headers, returnHeaders: true });
    return signedInOrChallenged(result.response, result.headers, "/");
  } catch (error) {
    if (!isAPIError(error)) logger.error({ err: error }, "could not redeem an e-mailed link");
    return {
      kind: "error",
      reason: "invalid",
      message:
        type === "email"
          ? "This confirmation link is invalid or has expired. Sign in to get a new one."
          : "This sign-in link is invalid, has expired or has already been used.",
    };
  }
}
