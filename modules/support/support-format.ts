import { SUPPORT_TIME_ZONE } from "~/modules/support/business-days";

const format = new Intl.DateTimeFormat("en-AU", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: SUPPORT_TIME_ZONE,
});

/** A request's times as Melbourne reads them ("Tue, 1 Dec 2026, 10:00 am"). */
export function supportTime(iso: string): string {
  return format.format(new Date(iso));
}
