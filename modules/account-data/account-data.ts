import { formText, type FieldValues } from "~/lib/form-data";
import { COMMON_REFUSALS, type RefusalCode } from "~/lib/refusal-code";
import type { AuthRefusal } from "~/modules/auth/auth-refusal";

/** What a person types to confirm deleting their own account. */
export const DELETE_CONFIRMATION = "DELETE";

export type DeletionCredential = { method: "password"; password: string } | { method: "code"; code: string };

export type DeleteAccountForm = { success: true; credential: DeletionCredential } | { success: false; message: string };

export const ACCOUNT_DATA_MESSAGES = {
  confirmationMissing: `Type ${DELETE_CONFIRMATION} to confirm. Nothing was changed.`,
  credentialMissing: "Enter your password, or the code we e-mailed you. Nothing was changed.",
  providerFailed:
    "We couldn't cancel your subscription with our payment provider, so nothing was deleted. Please try again in a few minutes.",
  lastAdmin: "The last administrator's account cannot be deleted. Make someone else an administrator first.",
  failed: "Your account could not be deleted. Nothing was changed; please try again.",
  deleted: "Your account and your data have been deleted.",
  codeSent: "We've e-mailed you a 6-digit code. It expires in 15 minutes.",
  exportLimited: (minutes: number) =>
    `You have downloaded your data several times in the last hour. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
  staffConfirmationMismatch: "Type the account's e-mail address exactly to confirm. Nothing was changed.",
  staffDeleted: (email: string) => `The account ${email} and its data have been deleted.`,
  selfFromAdmin: "Delete your own account from your account settings.",
} as const;

/** The deletion form: a typed confirmation and the password or an e-mailed code. */
export function parseDeleteAccountForm(form: FieldValues): DeleteAccountForm {
  if (formText(form, "confirmation").trim() !== DELETE_CONFIRMATION) {
    return { success: false, message: ACCOUNT_DATA_MESSAGES.confirmationMissing };
  }
  const password = formText(form, "password");
  const code = formText(form, "code").trim();
  if (password) return { success: true, credential: { method: "password", password } };
  if (code) return { success: true, credential: { method: "code", code } };
  return { success: false, message: ACCOUNT_DATA_MESSAGES.credentialMissing };
}

export type DeletionRefusal =
  | AuthRefusal
  /** The payment provider could not cancel the subscription: nothing was deleted. */
  | "provider-failed"
  | "last-admin"
  /** An admin naming their own account on the users screen (they use their settings). */
  | "self"
  | "confirmation-mismatch";

/** Which kind of refusal each reason is, for pages to turn into a status. */
export const DELETION_REFUSAL_CODE = {
  ...COMMON_REFUSALS,
  "provider-failed": "PROVIDER_ERROR",
  "last-admin": "CONFLICT",
  self: "FORBIDDEN",
  "confirmation-mismatch": "INVALID_INPUT",
} as const satisfies Record<DeletionRefusal, RefusalCode>;
