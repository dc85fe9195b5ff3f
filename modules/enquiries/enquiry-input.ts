import { z } from "zod";
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

const messageBody = z
  .string()
  .trim()
  .min(1, { error: "Please write a message.", abort: true })
  .max(MESSAGE_MAX_LENGTH, {
    error: `Your message must be at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-AU")} characters.`,
  });

/** A real calendar date, today (in UTC, a day's grace either side is fine for a move-in) or later. */
function isFutureDate(value: string, today: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= today;
}

export function enquirySchema(today: string) {
  return z.object({
    moveInDate: z
      .string()
      .trim()
      .min(1, { error: "Please choose your move-in date.", abort: true })
      .refine((value) => isFutureDate(value, today), { error: "Please choose a move-in date from today onwards." }),
    leaseMonths: z
      .string()
      .trim()
      .min(1, { error: "Please choose a lease length.", abort: true })
      .refine(
        (value) => /^\d{1,2}$/.test(value) && Number(value) >= LEASE_MONTHS.min && Number(value) <= LEASE_MONTHS.max,
        {
          error: "Please choose a lease length between 3 and 12 months.",
        },
      )
      .transform(Number),
    message: messageBody,
    phone: z
      .string()
      .trim()
      .refine(
        (value) =>
          value === "" ||
          (value.length <= PHONE_MAX_LENGTH &&
            PHONE_CHARACTERS.test(value) &&
            value.replace(/\D/g, "").length >= 6 &&
            value.replace(/\D/g, "").length <= 15),
        { error: "Please enter a valid phone number, or leave it empty." },
      )
      .transform((value) => value || null),
  });
}

export type EnquiryInput = z.infer<ReturnType<typeof enquirySchema>>;
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
  const result = enquirySchema(today).safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: EnquiryFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as EnquiryField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { success: false, errors, values };
}

export type MessageParseResult = { success: true; body: string } | { success: false; error: string };

/** Validates a reply's text. */
export function parseMessage(source: FieldValues): MessageParseResult {
  const result = messageBody.safeParse(formText(source, "message"));
  return result.success
    ? { success: true, body: result.data }
    : { success: false, error: result.error.issues[0]?.message ?? "Please write a message." };
}
