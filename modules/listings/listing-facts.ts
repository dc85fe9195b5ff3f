/**
 * Listing facts for stays of 3 to 12 months: lease range, bills, furnishing, room type and the
 * all-in weekly cost. Plain data and functions: shared by the form, the listing page, the cards,
 * the search bar and the server.
 */

import { BILL_KINDS, LEASE_MONTHS, ROOM_TYPES, type BillKind, type RoomType } from "~/db/listing-facts";

export {
  BILL_KINDS,
  DEFAULT_ROOM_TYPE,
  LEASE_MONTHS,
  ROOM_TYPES,
  type BillKind,
  type RoomType,
} from "~/db/listing-facts";

/** Every lease length from the shortest to the longest, in months: the choices forms and filters offer. */
export const LEASE_MONTH_CHOICES: readonly number[] = Array.from(
  { length: LEASE_MONTHS.max - LEASE_MONTHS.min + 1 },
  (_, index) => LEASE_MONTHS.min + index,
);

export const ROOM_TYPE_LABELS: Record<RoomType, string> = {
  private_room: "Private room",
  ensuite: "Ensuite",
  studio: "Studio",
  whole_apartment: "Whole apartment",
};

export const BILL_LABELS: Record<BillKind, string> = {
  power: "Power",
  gas: "Gas",
  internet: "Internet",
  water: "Water",
};

export function isRoomType(value: string): value is RoomType {
  return (ROOM_TYPES as readonly string[]).includes(value);
}

export function isBillKind(value: string): value is BillKind {
  return (BILL_KINDS as readonly string[]).includes(value);
}

/** The included bills in the canonical order, each once. */
export function sortBills(bills: Iterable<string>): BillKind[] {
  const chosen = new Set(bills);
  return BILL_KINDS.filter((kind) => chosen.has(kind));
}

export interface ListingFacts {
  minLeaseMonths: number;
  maxLeaseMonths: number;
  billsIncluded: BillKind[];
  /** Weekly cap on the included bills (the tenant pays above it); null when uncapped or none included. */
  billsCap: number | null;
  /** Estimated weekly cost of the bills not included; null when unknown or all are included. */
  billsEstimate: number | null;
  furnished: boolean;
  roomType: RoomType;
}

/**
 * Rent plus the estimated bills the tenant pays on top (included bills cost nothing extra up to
 * their cap). Null without a rent. The database stores the same sum as a generated column.
 */
export function allInWeeklyCost(weeklyRent: number | null, billsEstimate: number | null): number | null {
  if (weeklyRent === null) return null;
  return Math.round((weeklyRent + (billsEstimate ?? 0)) * 100) / 100;
}

/** "3–12 months", "6 months". */
export function formatLeaseRange(minMonths: number, maxMonths: number): string {
  return minMonths === maxMonths ? `${minMonths} months` : `${minMonths}–${maxMonths} months`;
}

/** "Power, gas and internet". */
export function formatBillList(bills: readonly BillKind[]): string {
  const names = bills.map((bill, index) => (index === 0 ? BILL_LABELS[bill] : BILL_LABELS[bill].toLowerCase()));
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * The bills in one sentence: "All bills included, up to $40/week", "Internet and water included;
 * other bills about $20/week", "Bills not included (about $35/week)".
 */
export function describeBills(
  facts: Pick<ListingFacts, "billsIncluded" | "billsCap" | "billsEstimate">,
  formatWeekly: (amount: number) => string,
): string {
  const cap = facts.billsCap === null ? "" : `, up to ${formatWeekly(facts.billsCap)}`;
  const estimate = facts.billsEstimate === null ? "" : formatWeekly(facts.billsEstimate);
  if (facts.billsIncluded.length === 0)
    return estimate ? `Bills not included (about ${estimate})` : "Bills not included";
  if (facts.billsIncluded.length === BILL_KINDS.length) return `All bills included${cap}`;
  const included = `${formatBillList(facts.billsIncluded)} included${cap}`;
  return estimate ? `${included}; other bills about ${estimate}` : included;
}
