import {
  allInWeeklyCost,
  describeBills,
  formatLeaseRange,
  ROOM_TYPE_LABELS,
  type ListingFacts,
} from "~/modules/listings/listing-facts";
import { formatWeeklyRent } from "~/modules/listings/listing-text";

/** The listing page's stay facts: room, furnishing, lease range, bills and the all-in weekly cost. */
export function ListingFactsList({ facts, weeklyRent }: { facts: ListingFacts; weeklyRent: number | null }) {
  const allIn = allInWeeklyCost(weeklyRent, facts.billsEstimate);
  const rows: [string, string][] = [
    ["Room type", ROOM_TYPE_LABELS[facts.roomType]],
    ["Furnished", facts.furnished ? "Yes" : "No"],
    ["Lease", formatLeaseRange(facts.minLeaseMonths, facts.maxLeaseMonths)],
    ["Bills", describeBills(facts, formatWeeklyRent)],
  ];
  if (allIn !== null) rows.push(["All-in weekly cost", formatWeeklyRent(allIn)]);
  return (
    <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 border-t pt-4 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className={term === "All-in weekly cost" ? "font-semibold text-slate-900" : "text-slate-800"}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
