import { z } from "zod";
import { formText, type FieldValues } from "~/lib/form-data";

/**
 * The contact form: first name, last name, e-mail, phone and
 * message, all required. Shared by the browser and the server; the server is the authority.
 */

export const CONTACT_FIELDS = ["firstName", "lastName", "email", "phone", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const CONTACT_LIMITS = {
  name: 100,
  /** RFC 5321: an address is at most 254 characters. */
  email: 254,
  phone: 32,
  message: 5000,
} as const;

/** Line breaks in a single-line field could inject headers wherever the value is used in an e-mail. */
const LINE_BREAK = /[\r\n\u2028\u2029]/;
/** Digits, spaces, a leading plus, brackets, dashes and dots: what people write in a phone number. */
const PHONE_CHARACTERS = /^\+?[0-9 ().-]+$/;
const MIN_PHONE_DIGITS = 6;
const MAX_PHONE_DIGITS = 15;

const singleLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: `Please enter your ${label}.`, abort: true })
    .refine((value) => !LINE_BREAK.test(value), { error: `Your ${label} must be on one line.`, abort: true })
    .refine((value) => value.length <= max, { error: `Your ${label} must be at most ${max} characters.` });

export const contactSchema = z.object({
  firstName: singleLine("first name", CONTACT_LIMITS.name),
  lastName: singleLine("last name", CONTACT_LIMITS.name),
  email: singleLine("e-mail address", CONTACT_LIMITS.email).pipe(
    z.email({ error: "Please enter a valid e-mail address, like name@example.com." }),
  ),
  phone: singleLine("phone number", CONTACT_LIMITS.phone).refine(
    (value) => {
      const digits = value.replace(/\D/g, "").length;
      return PHONE_CHARACTERS.test(value) && digits >= MIN_PHONE_DIGITS && digits <= MAX_PHONE_DIGITS;
    },
    { error: "Please enter a valid phone number: digits, spaces, brackets, dashes and a leading +." },
  ),
  message: z
    .string()
    .trim()
    .min(1, { error: "Please enter your message.", abort: true })
    .max(CONTACT_LIMITS.message, {
      error: `Your message must be at most ${CONTACT_LIMITS.message.toLocaleString("en-AU")} characters.`,
    }),
});

export type ContactInput = z.infer<typeof contactSchema>;
export type ContactValues = Record<ContactField, string>;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export type ContactParseResult =
  { success: true; data: ContactInput } | { success: false; errors: ContactFieldErrors; values: ContactValues };

/** The submitted values as strings (a missing field or a file reads as ""), for re-filling the form. */
export function contactValues(source: FieldValues | Partial<Record<string, unknown>>): ContactValues {
  const values: FieldValues = isFieldValues(source) ? source : new Map(Object.entries(source));
  return Object.fromEntries(CONTACT_FIELDS.map((name) => [name, formText(values, name)])) as ContactValues;
}

/** Validates a submission; on failure gives one message per field (the first problem found) and the values sent. */
export function parseContact(source: FieldValues | Partial<Record<string, unknown>>): ContactParseResult {
  const values = contactValues(source);
  const result = contactSchema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: ContactFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { success: false, errors, values };
}

/**
 * What the server answers a contact post over its body limit (100 KB: far above five fields at
 * their limits — a 5000-character message is at most ~60 KB encoded).
 */
export const CONTACT_TOO_LARGE = "Your message is too long to send.";

function isFieldValues(source: FieldValues | Partial<Record<string, unknown>>): source is FieldValues {
  return typeof (source as { get?: unknown }).get === "function";
}
