import { formText, type FieldValues } from "~/lib/form-data";

/**
 * The support request form (subject, message, optionally one of the sender's listings) and staff's
 * answer. Plain checks shared by the browser and the server; the server is the authority (and
 * checks the listing is the sender's).
 */

export const SUPPORT_FIELDS = ["subject", "message", "listingId"] as const;
export type SupportField = (typeof SUPPORT_FIELDS)[number];
export type SupportFieldErrors = Partial<Record<SupportField, string>>;

export const SUBJECT_MAX_LENGTH = 150;
export const SUPPORT_TEXT_MAX_LENGTH = 5000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SupportInput {
  subject: string;
  message: string;
  listingId: string | null;
}

const count = (value: number) => value.toLocaleString("en-AU");

function textProblem(text: string, empty: string, what: string): string | undefined {
  if (text === "") return empty;
  if (text.length > SUPPORT_TEXT_MAX_LENGTH)
    return `${what} must be at most ${count(SUPPORT_TEXT_MAX_LENGTH)} characters.`;
  return undefined;
}

export type SupportParseResult =
  | { success: true; data: SupportInput }
  | { success: false; errors: SupportFieldErrors; values: Record<SupportField, string> };

/** Validates a request; on failure one message per field and the values sent. */
export function parseSupportRequest(source: FieldValues): SupportParseResult {
  const values = Object.fromEntries(SUPPORT_FIELDS.map((name) => [name, formText(source, name)])) as Record<
    SupportField,
    string
  >;
  const subject = values.subject.trim();
  const message = values.message.trim();
  const listingId = values.listingId.trim();
  const errors: SupportFieldErrors = {};
  if (subject === "") errors.subject = "Please enter a subject.";
  else if (subject.length > SUBJECT_MAX_LENGTH)
    errors.subject = `The subject must be at most ${count(SUBJECT_MAX_LENGTH)} characters.`;
  else if (/[\r\n]/.test(subject)) errors.subject = "The subject must be on one line.";
  const messageError = textProblem(message, "Please describe what you need help with.", "Your message");
  if (messageError) errors.message = messageError;
  if (listingId !== "" && !UUID.test(listingId)) errors.listingId = "Please choose one of your listings.";
  if (Object.keys(errors).length > 0) return { success: false, errors, values };
  return { success: true, data: { subject, message, listingId: listingId || null } };
}

/** Validates staff's answer: the text, or the message to show. */
export function parseSupportAnswer(
  source: FieldValues,
): { success: true; answer: string } | { success: false; error: string } {
  const answer = formText(source, "answer").trim();
  const error = textProblem(answer, "Please write an answer.", "The answer");
  return error ? { success: false, error } : { success: true, answer };
}
