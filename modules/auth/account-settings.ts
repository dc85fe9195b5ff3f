import { z } from "zod";
import type { FieldValues } from "~/lib/form-data";

/**
 * The account settings forms: change password and two-factor
 * set-up. One action serves them all, told apart by `intent`. Shared by the browser (to check
 * before sending) and the server (the authority).
 */

export const PASSWORD_MIN_LENGTH = 6;
/** The auth library's own ceiling (modules/auth/auth.server.ts); longer input is refused unhashed. */
export const PASSWORD_MAX_LENGTH = 128;
export const TOTP_CODE_LENGTH = 6;

export const ACCOUNT_MESSAGES = {
  passwordMismatch: "Passwords do not match",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  currentPasswordIncorrect: "Current password is incorrect",
  passwordChangeFailed: "Failed to update password",
  passwordChanged: "Password has been updated successfully",
  passwordRequired: "Enter your password",
  passwordIncorrect: "Password is incorrect",
  setupFailed: "Failed to start two-factor set-up",
  codeFormat: `Enter the ${TOTP_CODE_LENGTH}-digit code from your authenticator app`,
  verifyFailed: "Failed to verify code",
  twoFactorEnabled: "Two-factor authentication has been enabled.",
  twoFactorDisabled: "Two-factor authentication has been turned off.",
  disableFailed: "Failed to turn off two-factor authentication",
  backupCodesCreated: "New backup codes have been created. The old ones no longer work.",
  backupCodesFailed: "Failed to create new backup codes",
  noPasswordYet:
    "Your account has no password yet: you sign in with your identity provider or an e-mailed link. Set a password below.",
  setPasswordSent: "Check your email for a link to set your password.",
  setPasswordFailed: "We couldn't send the link. Please try again.",
  invalidRequest: "Something went wrong. Please reload the page and try again.",
} as const;

export const ACCOUNT_INTENTS = [
  "change-password",
  "begin-two-factor",
  "verify-two-factor",
  "disable-two-factor",
  "regenerate-backup-codes",
  "set-password",
] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

/** A missing field reads as empty, so it gets the field's own message rather than a type error. */
const field = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? "", schema);

// Passwords are never trimmed: spaces are part of them.
const password = field(
  z
    .string()
    .min(1, { error: ACCOUNT_MESSAGES.passwordRequired })
    .max(PASSWORD_MAX_LENGTH, { error: ACCOUNT_MESSAGES.passwordIncorrect }),
);

export const changePasswordSchema = z
  .object({
    intent: z.literal("change-password"),
    currentPassword: field(
      z
        .string()
        .min(1, { error: ACCOUNT_MESSAGES.passwordRequired })
        .max(PASSWORD_MAX_LENGTH, { error: ACCOUNT_MESSAGES.currentPasswordIncorrect }),
    ),
    newPassword: field(z.string()),
    confirmPassword: field(z.string()),
  })
  .superRefine((value, ctx) => {
    const problem = newPasswordProblem(value.newPassword, value.confirmPassword);
    if (problem) ctx.addIssue({ code: "custom", path: ["newPassword"], message: problem });
  });

export const accountFormSchema = z.discriminatedUnion("intent", [
  changePasswordSchema,
  z.object({ intent: z.literal("begin-two-factor"), password }),
  z.object({
    intent: z.literal("verify-two-factor"),
    code: field(
      z
        .string()
        .transform((code) => code.replace(/\s+/g, ""))
        .pipe(z.string().regex(new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`), { error: ACCOUNT_MESSAGES.codeFormat })),
    ),
  }),
  z.object({ intent: z.literal("disable-two-factor"), password }),
  z.object({ intent: z.literal("regenerate-backup-codes"), password }),
  z.object({ intent: z.literal("set-password") }),
]);

export type AccountForm = z.infer<typeof accountFormSchema>;

/** Every field any of the account forms sends. */
const ACCOUNT_FORM_FIELDS = [
  "intent",
  "currentPassword",
  "newPassword",
  "confirmPassword",
  "password",
  "code",
] as const;

export type AccountFormParse =
  { success: true; data: AccountForm } | { success: false; intent: AccountIntent | null; message: string };

/** The spec's order: the confirmation must match before the length is checked. */
export function newPasswordProblem(newPassword: string, confirmPassword: string): string | null {
  if (newPassword !== confirmPassword) return ACCOUNT_MESSAGES.passwordMismatch;
  if (newPassword.length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort;
  if (newPassword.length > PASSWORD_MAX_LENGTH) return ACCOUNT_MESSAGES.passwordTooLong;
  return null;
}

/** Validates a submission; on failure gives the first problem and the intent it was for (if known). */
export function parseAccountForm(form: FieldValues): AccountFormParse {
  // A file where text belongs reads as missing, and is refused like any other bad value.
  const values = Object.fromEntries(
    ACCOUNT_FORM_FIELDS.map((name) => [name, form.get(name)]).filter(([, value]) => typeof value === "string"),
  );
  const result = accountFormSchema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const intent = ACCOUNT_INTENTS.find((name) => name === values.intent) ?? null;
  const message = intent
    ? (result.error.issues[0]?.message ?? ACCOUNT_MESSAGES.invalidRequest)
    : ACCOUNT_MESSAGES.invalidRequest;
  return { success: false, intent, message };
}

export interface TwoFactorSetup {
  /** The otpauth:// link (issuer SITE_NAME, the user's e-mail, the secret) as an SVG QR code data URI. */
  qrCode: string;
  /** The same link, for an authenticator app on this device. */
  totpUri: string;
  /** The base32 secret, for typing into an app by hand. */
  secret: string;
}

export interface BackupCodes {
  /** Null when they could not be read back; new ones can be generated at any time. */
  backupCodes: string[] | null;
}

/** What the account action answers, per intent. */
export type AccountActionData =
  | { [I in AccountIntent]: { intent: I; ok: false; message: string } }[AccountIntent]
  | { intent: null; ok: false; message: string }
  | { intent: "change-password"; ok: true }
  | { intent: "disable-two-factor"; ok: true }
  | { intent: "set-password"; ok: true }
  | ({ intent: "begin-two-factor"; ok: true } & TwoFactorSetup)
  | ({ intent: "verify-two-factor"; ok: true } & BackupCodes)
  | ({ intent: "regenerate-backup-codes"; ok: true } & BackupCodes);

export type AccountActionResult<I extends AccountIntent> = Extract<AccountActionData, { intent: I }>;
