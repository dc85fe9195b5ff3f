// Plain code rather than date-fns: these run on every page with a date field, and date-fns is
// loaded only with the calendar.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** en-AU short date as shown in the UI, e.g. "21 Nov 2026". */
export function formatDisplayDate(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** The calendar day of `date` in local time as "yyyy-MM-dd" (no UTC shift, unlike toISOString). */
export function toIsoDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Parses a strict "yyyy-MM-dd" string into local midnight; undefined for anything else. */
export function parseIsoDate(value: string | null | undefined): Date | undefined {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = new Date(year, month, day);
  // new Date rolls 30 February over into March: a real day reads back unchanged.
  return date.getFullYear() === year && date.getMonth() === month && date.getDate() === day ? date : undefined;
}
