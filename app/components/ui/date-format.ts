import { format, isValid, parse } from "date-fns";
import { enAU } from "date-fns/locale/en-AU";

const ISO_DATE = "yyyy-MM-dd";

/** en-AU short date as shown in the UI, e.g. "21 Nov 2026". */
export function formatDisplayDate(date: Date): string {
  return format(date, "d MMM yyyy", { locale: enAU });
}

/** The calendar day of `date` in local time as "yyyy-MM-dd" (no UTC shift, unlike toISOString). */
export function toIsoDate(date: Date): string {
  return format(date, ISO_DATE);
}

/** Parses a strict "yyyy-MM-dd" string into local midnight; undefined for anything else. */
export function parseIsoDate(value: string | null | undefined): Date | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = parse(value, ISO_DATE, new Date());
  return isValid(date) ? date : undefined;
}
