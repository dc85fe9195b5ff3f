import { can } from "~/modules/auth/permissions";
import { z } from "zod";
import { formText, type FieldValues } from "~/lib/form-data";
import type { Viewer } from "~/modules/auth/viewer";

/** The company's contact details, shown on /contact and in the legal pages; edited in /admin/settings. */
export interface SiteContact {
  addressLine1: string;
  addressLine2: string;
  phone: string;
  generalEmail: string;
  landlordsEmail: string;
  privacyEmail: string;
  legalEmail: string;
  hoursWeekdays: string;
  hoursSaturday: string;
  hoursNote: string;
}

export const DEFAULT_SITE_CONTACT: SiteContact = {
  addressLine1: "Level 3, 800 Collins Street",
  addressLine2: "Docklands VIC 3008",
  phone: "03 9000 1234",
  generalEmail: "hello@lanewayrooms.com.au",
  landlordsEmail: "landlords@lanewayrooms.com.au",
  privacyEmail: "privacy@lanewayrooms.com.au",
  legalEmail: "legal@lanewayrooms.com.au",
  hoursWeekdays: "Monday to Friday 9am to 5pm",
  hoursSaturday: "Saturday 10am to 2pm",
  hoursNote: "Closed on Sundays and public holidays.",
};

export const SITE_CONTACT_FIELDS = [
  { name: "addressLine1", label: "Address line 1" },
  { name: "addressLine2", label: "Address line 2" },
  { name: "phone", label: "Phone" },
  { name: "generalEmail", label: "E-mail for renters" },
  { name: "landlordsEmail", label: "E-mail for landlords" },
  { name: "privacyEmail", label: "Privacy e-mail" },
  { name: "legalEmail", label: "Legal e-mail" },
  { name: "hoursWeekdays", label: "Weekday hours" },
  { name: "hoursSaturday", label: "Saturday hours" },
  { name: "hoursNote", label: "Hours note" },
] as const satisfies readonly { name: keyof SiteContact; label: string }[];

export type SiteContactField = keyof SiteContact;
export type SiteContactErrors = Partial<Record<SiteContactField, string>>;

const line = (label: string, required = true) =>
  z
    .string()
    .trim()
    .max(200, { error: `${label} must be at most 200 characters.` })
    .refine((value) => !/[\r\n]/.test(value), { error: `${label} must be on one line.` })
    .refine((value) => !required || value.length > 0, { error: `Please enter the ${label.toLowerCase()}.` });
const email = (label: string) => z.email({ error: `${label} must be a valid e-mail address.` }).max(254);

export const siteContactSchema = z.object({
  addressLine1: line("Address line 1"),
  addressLine2: line("Address line 2", false),
  phone: line("Phone").refine((value) => /^[+\d][\d ()-]{5,}$/.test(value), {
    error: "Please enter a valid phone number.",
  }),
  generalEmail: email("The e-mail for renters"),
  landlordsEmail: email("The e-mail for landlords"),
  privacyEmail: email("The privacy e-mail"),
  legalEmail: email("The legal e-mail"),
  hoursWeekdays: line("Weekday hours"),
  hoursSaturday: line("Saturday hours", false),
  hoursNote: line("Hours note", false),
});

export function parseSiteContact(
  values: FieldValues,
): { success: true; data: SiteContact } | { success: false; errors: SiteContactErrors } {
  const raw = Object.fromEntries(SITE_CONTACT_FIELDS.map(({ name }) => [name, formText(values, name).trim()]));
  const parsed = siteContactSchema.safeParse(raw);
  if (parsed.success) return { success: true, data: parsed.data };
  const errors: SiteContactErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as SiteContactField;
    errors[field] ??= issue.message;
  }
  return { success: false, errors };
}

/** The phone number as a tel: link target. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("0") ? `+61${digits.slice(1)}` : digits}`;
}

/** Who edits the site's contact details: admins. */
export function canEditSiteSettings(viewer: Viewer | null): boolean {
  return can(viewer, "edit:site-settings:any");
}
