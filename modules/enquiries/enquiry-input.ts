import { formText, type FieldValues } from "~/lib/form-data";

/**
 * The enquiry form (move-in date, lease length, message, optional phone) and the reply box. Shared
 * by the browser and the server; the server is the authority.
 */

export const ENQUIRY_FIELDS = ["moveInDate", "leaseMonths", "message", "phone"] as const;
export type EnquiryField = (typeof ENQUIRY_FIELDS)[number];

export const MESSAGE_MAX_LENGTH = 4000;
export const LEASE_MONTHS = { min: 3, max: 12 } as const;
const PHONE_MAX_LENGTH = 32;
const PHONE_CHARACTERS = /^\+?[0-9 ().-]+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The first problem with a message's text, if any. Plain checks, no schema library: the listing page ships them. */
function messageProblem(body: string): string | undefined {
  if (body === "") return "Please write a message.";
  if (body.length > MESSAGE_MAX_LENGTH)
    return `Your message must be at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-AU")} characters.`;
  return undefined;
}

/** A real calendar date, today (in UTC, a day's grace either side is fine for a move-in) or later. */
function isFutureDate(value: string, today: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= today;
}

function isPhone(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  return value.length <= PHONE_MAX_LENGTH && PHONE_CHARACTERS.test(value) && digits >= 6 && digits <= 15;
}

export interface EnquiryInput {
  moveInDate: string;
  leaseMonths: number;
  message: string;
  phone: string | null;
}
export type EnquiryValues = Record<EnquiryField, string>;
export type EnquiryFieldErrors = Partial<Record<EnquiryField, string>>;

export type EnquiryParseResult =
  { success: true; data: EnquiryInput } | { success: false; errors: EnquiryFieldErrors; values: EnquiryValues };

/** Today's date in UTC as YYYY-MM-DD, the earliest move-in the form accepts. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Validates an enquiry; on failure one message per field (the first problem found) and the values sent. */
export function parseEnquiry(source: FieldValues, today = todayIso()): EnquiryParseResult {
  const values = Object.fromEntries(ENQUIRY_FIELDS.map((name) => [name, formText(source, name)])) as EnquiryValues;
  const [moveInDate, leaseMonths, message, phone] = ENQUIRY_FIELDS.map((name) => values[name].trim()) as [
    string,
    string,
    string,
    string,
  ];
  const errors: EnquiryFieldErrors = {};
  if (moveInDate === "") errors.moveInDate = "Please choose your move-in date.";
  else if (!isFutureDate(moveInDate, today)) errors.moveInDate = "Please choose a move-in date from today onwards.";
  if (leaseMonths === "") errors.leaseMonths = "Please choose a lease length.";
  else if (
    !/^\d{1,2}$/.test(leaseMonths) ||
    Number(leaseMonths) < LEASE_MONTHS.min ||
    Number(leaseMonths) > LEASE_MONTHS.max
  )
    errors.leaseMonths = "Please choose a lease length between 3 and 12 months.";
  const messageError = messageProblem(message);
  if (messageError) errors.message = messageError;
  if (phone !== "" && !isPhone(phone)) errors.phone = "Please enter a valid phone number, or leave it empty.";
  if (Object.keys(errors).length > 0) return { success: false, errors, values };
  return { success: true, data: { moveInDate, leaseMonths: Number(leaseMonths), message, phone: phone || null } };
}

export type MessageParseResult = { success: true; body: string } | { success: false; error: string };

/** Validates a reply's text. */
export function parseMessage(source: FieldValues): MessageParseResult {
  const body = formText(source, "message").trim();
  const error = messageProblem(body);
  return error ? { success: false, error } : { success: true, body };
}
