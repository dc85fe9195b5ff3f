/**
 * How availability dates read: date-only values in Melbourne's calendar. Apart from the listing
 * texts every marketplace page loads, since only the listing form and a few account pages format
 * dates in the browser.
 */

const dateFormat = new Intl.DateTimeFormat("en-AU", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A date-only value ('2026-12-01') as Melbourne reads it: '1 December 2026'. */
export function formatAvailableDate(isoDate: string): string {
  return dateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

const melbourneDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Melbourne" });

/** Today in Melbourne as a date-only value ('2026-11-28'): the day availability dates are read against. */
export function melbourneToday(now = new Date()): string {
  return melbourneDay.format(now);
}

/**
 * When a listed room can be moved into: 'Available now' for a date today or earlier (a past date
 * means the room is free already), else 'Available from: 1 December 2026'.
 */
export function formatAvailability(availableFrom: string, today = melbourneToday()): string {
  return availableFrom <= today ? "Available now" : `Available from: ${formatAvailableDate(availableFrom)}`;
}
