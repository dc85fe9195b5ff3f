import { z } from "zod";
import { formText, type FieldValues } from "~/lib/form-data";
import { NAME_MAX_LENGTH, personName } from "~/modules/profiles/person-name";
import { normalisePhone, phoneCountryFieldName } from "~/modules/profiles/phone-number";

/**
 * The profile form: first and last name required (the one name rule), phone and bio
 * optional. Shared by the browser and the server; the server is the authority.
 */

export const PROFILE_FIELDS = ["firstName", "lastName", "phone", "bio"] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export const PROFILE_LIMITS = { name: NAME_MAX_LENGTH, bio: 1000 } as const;

export const PHONE_INVALID = "Please enter a valid phone number.";

/** An empty optional field is stored as null. */
const emptyToNull = (value: string) => (value === "" ? null : value);

/**
 * The phone field as `<PhoneInput name="phone">` submits it (modules/profiles/phone-number.ts):
 * what was typed plus the chosen country (`phone_country`, Australia when missing). Stored as
 * E.164 (+61400100002); an empty field is null.
 */
const phone = z
  .object({ number: z.string(), country: z.string().optional() })
  .transform(({ number, country }, context) => {
    if (number.trim() === "") return null;
    const e164 = normalisePhone(number, country);
    if (e164) return e164;
    context.issues.push({ code: "custom", message: PHONE_INVALID, input: number });
    return z.NEVER;
  });

export const profileSchema = z.object({
  firstName: personName("first name"),
  lastName: personName("last name"),
  phone,
  bio: z
    .string()
    .trim()
    .max(PROFILE_LIMITS.bio, {
      error: `Your bio must be at most ${PROFILE_LIMITS.bio.toLocaleString("en-AU")} characters.`,
    })
    .transform(emptyToNull),
});

export type ProfileInput = z.infer<typeof profileSchema>;
export type ProfileValues = Record<ProfileField, string>;
export type ProfileFieldErrors = Partial<Record<ProfileField, string>>;

export type ProfileParseResult =
  { success: true; data: ProfileInput } | { success: false; errors: ProfileFieldErrors; values: ProfileValues };

/** The submitted values as strings (a missing field or a file reads as ""), for re-filling the form. */
export function profileValues(source: FieldValues): ProfileValues {
  return Object.fromEntries(PROFILE_FIELDS.map((field) => [field, formText(source, field)])) as ProfileValues;
}

/**
 * Validates a submission (the same FormData in the browser and on the server, so both read the
 * phone's country); on failure gives one message per field (the first problem found) and the
 * values sent.
 */
export function parseProfile(source: FieldValues): ProfileParseResult {
  const values = profileValues(source);
  const result = profileSchema.safeParse({
    ...values,
    phone: { number: values.phone, country: formText(source, phoneCountryFieldName("phone")) || undefined },
  });
  if (result.success) return { success: true, data: result.data };
  const errors: ProfileFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ProfileField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { success: false, errors, values };
}
