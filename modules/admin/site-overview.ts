/** The admin home's daily figures: the last N days on Melbourne's calendar, oldest first. */

export const OVERVIEW_TIME_ZONE = "Australia/Melbourne";
export const OVERVIEW_DAYS = 30;

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: OVERVIEW_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The Melbourne calendar date of an instant, as YYYY-MM-DD. */
export function melbourneDay(instant: Date): string {
  return dayFormat.format(instant);
}

/** The `count` calendar days ending with today's (in Melbourne), oldest first. */
export function lastDays(now: Date, count = OVERVIEW_DAYS): string[] {
  const today = Date.parse(`${melbourneDay(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) =>
    new Date(today - (count - 1 - index) * 24 * 60 * 60_000).toISOString().slice(0, 10),
  );
}

export interface DayFigures {
  day: string;
  newListings: number;
  enquiries: number;
  lets: number;
}

/** One row per day, zero where nothing happened. */
export function dailyFigures(
  days: string[],
  counts: Record<Exclude<keyof DayFigures, "day">, { day: string; count: number }[]>,
): DayFigures[] {
  const byDay = (rows: { day: string; count: number }[]) => new Map(rows.map((row) => [row.day, row.count]));
  const listings = byDay(counts.newListings);
  const enquiries = byDay(counts.enquiries);
  const lets = byDay(counts.lets);
  return days.map((day) => ({
    day,
    newListings: listings.get(day) ?? 0,
    enquiries: enquiries.get(day) ?? 0,
    lets: lets.get(day) ?? 0,
  }));
}
