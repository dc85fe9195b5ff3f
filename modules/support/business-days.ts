/**
 * Business days in Melbourne: Monday to Friday, counted on the local calendar (so daylight saving
 * does not shift a promise by an hour). Public holidays are not known here and count as business
 * days (ADR 104).
 */

export const SUPPORT_TIME_ZONE = "Australia/Melbourne";

const DAY_MS = 24 * 60 * 60_000;

const partsFormat = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time in `timeZone` at `instant`, written as if it were UTC. */
function wallClock(instant: Date, timeZone: string): Date {
  let format = partsFormat.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-AU", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormat.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map(({ type, value }) => [type, Number(value)]));
  return new Date(
    Date.UTC(
      part.year!,
      part.month! - 1,
      part.day!,
      part.hour!,
      part.minute!,
      part.second!,
      instant.getUTCMilliseconds(),
    ),
  );
}

/** The instant whose wall clock in `timeZone` reads `wall` (the later one when a clock change repeats it). */
function fromWallClock(wall: Date, timeZone: string): Date {
  let guess = new Date(wall.getTime());
  for (let step = 0; step < 3; step += 1) {
    const offset = wallClock(guess, timeZone).getTime() - guess.getTime();
    guess = new Date(wall.getTime() - offset);
  }
  return guess;
}

const isWeekend = (wall: Date) => wall.getUTCDay() === 0 || wall.getUTCDay() === 6;

/**
 * `days` business days after `start`: the same local time `days` weekdays later. Something sent on
 * a Saturday or Sunday counts from the start of Monday, so "1 business day" then ends at the end of
 * Monday.
 */
export function addBusinessDays(start: Date, days: number, timeZone = SUPPORT_TIME_ZONE): Date {
  let wall = wallClock(start, timeZone);
  if (isWeekend(wall)) {
    wall = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()));
    while (isWeekend(wall)) wall = new Date(wall.getTime() + DAY_MS);
  }
  for (let left = days; left > 0;) {
    wall = new Date(wall.getTime() + DAY_MS);
    if (!isWeekend(wall)) left -= 1;
  }
  return fromWallClock(wall, timeZone);
}

/** "1 business day", "3 business days". */
export function businessDaysText(days: number): string {
  return `${days} business day${days === 1 ? "" : "s"}`;
}

/** Whether an unanswered request's promised answer time has passed. */
export function isOverdue(
  request: { answerDueAt: Date | string | null; answeredAt: Date | string | null },
  now: Date,
): boolean {
  if (request.answeredAt !== null || request.answerDueAt === null) return false;
  return new Date(request.answerDueAt).getTime() < now.getTime();
}
