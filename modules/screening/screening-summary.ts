import { formatAvailableDate } from "~/modules/listings/availability-text";
import { formatWeeklyRent } from "~/modules/listings/listing-text";

/**
 * The screening summary a landlord sees on an enquiry, and the renter sees as "What the landlord
 * sees" (ADR 112). Built only from what the renter stated or verified and what the listing states:
 * no score, no ranking, nothing inferred, nothing about who the renter is. This one function makes
 * the summary for every screen, so both sides always read the same words.
 */

/** What the renter stated or verified, the enquiry's choices, and the listing they are compared with. */
export interface ScreeningFacts {
  /** The identity check passed and is current (modules/identity). */
  idVerified: boolean;
  /** The account's e-mail address was confirmed by a link. */
  emailVerified: boolean;
  /** A phone number came with the enquiry; phone numbers are never verified by the product. */
  phoneGiven: boolean;
  profile: {
    exists: boolean;
    complete: boolean;
    referencesConfirmed: number;
    weeklyBudget: number | null;
  };
  /** The enquiry's move-in date and lease length (null before the renter chooses them). */
  enquiry: { moveInDate: string | null; leaseMonths: number | null };
  /** The listing's terms now; null once the listing is gone. */
  listing: {
    minLeaseMonths: number;
    maxLeaseMonths: number;
    availableFrom: string | null;
    allInWeeklyCost: number | null;
  } | null;
}

export const SCREENING_FACT_KEYS = [
  "identity",
  "email",
  "phone",
  "profile",
  "references",
  "stay",
  "moveIn",
  "budget",
] as const;
export type ScreeningFactKey = (typeof SCREENING_FACT_KEYS)[number];
export type ScreeningStatus = "met" | "not-met" | "not-stated";

export interface ScreeningItem {
  key: ScreeningFactKey;
  label: string;
  status: ScreeningStatus;
  /** The fact in plain words, the same for the landlord and the renter. */
  text: string;
}

export const SCREENING_LABELS: Record<ScreeningFactKey, string> = {
  identity: "ID",
  email: "E-mail address",
  phone: "Phone number",
  profile: "Renter profile",
  references: "References",
  stay: "Stay length",
  moveIn: "Move-in date",
  budget: "Weekly budget",
};

export const SCREENING_STATUS_TEXT: Record<ScreeningStatus, string> = {
  met: "Met",
  "not-met": "Not met",
  "not-stated": "Not stated",
};

const LISTING_GONE = "The listing is no longer there to compare with";

/** Whether the lease length is within the listing's range, both ends included (the stay-fit rule). */
export function stayFits(leaseMonths: number, listing: { minLeaseMonths: number; maxLeaseMonths: number }): boolean {
  return leaseMonths >= listing.minLeaseMonths && leaseMonths <= listing.maxLeaseMonths;
}

/** Whether the room is available on or before the move-in date; a listing without a date never is (the stay-fit rule). */
export function moveInFits(moveInDate: string, availableFrom: string | null): boolean {
  return availableFrom !== null && availableFrom <= moveInDate;
}

/** Whether the weekly budget covers the all-in weekly cost (rent plus estimated bills; the stay-fit rule). */
export function budgetFits(weeklyBudget: number, allInWeeklyCost: number): boolean {
  return allInWeeklyCost <= weeklyBudget;
}

function leaseRange({ minLeaseMonths, maxLeaseMonths }: { minLeaseMonths: number; maxLeaseMonths: number }) {
  return minLeaseMonths === maxLeaseMonths
    ? `the ${minLeaseMonths}-month lease`
    : `the ${minLeaseMonths}–${maxLeaseMonths} month lease`;
}

const item = (key: ScreeningFactKey, status: ScreeningStatus, text: string): ScreeningItem => ({
  key,
  label: SCREENING_LABELS[key],
  status,
  text,
});

function stayItem({ enquiry, listing }: ScreeningFacts): ScreeningItem {
  if (enquiry.leaseMonths === null) return item("stay", "not-stated", "No lease length chosen");
  if (!listing) return item("stay", "not-stated", LISTING_GONE);
  return stayFits(enquiry.leaseMonths, listing)
    ? item("stay", "met", `${enquiry.leaseMonths} months, within ${leaseRange(listing)}`)
    : item("stay", "not-met", `${enquiry.leaseMonths} months, outside ${leaseRange(listing)}`);
}

function moveInItem({ enquiry, listing }: ScreeningFacts): ScreeningItem {
  if (enquiry.moveInDate === null) return item("moveIn", "not-stated", "No move-in date chosen");
  if (!listing) return item("moveIn", "not-stated", LISTING_GONE);
  const moveIn = formatAvailableDate(enquiry.moveInDate);
  if (listing.availableFrom === null) return item("moveIn", "not-met", `${moveIn}; the room has no available date`);
  const available = formatAvailableDate(listing.availableFrom);
  return moveInFits(enquiry.moveInDate, listing.availableFrom)
    ? item("moveIn", "met", `${moveIn}; the room is available from ${available}`)
    : item("moveIn", "not-met", `${moveIn}, before the room is available (${available})`);
}

function budgetItem({ profile, listing }: ScreeningFacts): ScreeningItem {
  if (profile.weeklyBudget === null) return item("budget", "not-stated", "No weekly budget stated");
  if (!listing) return item("budget", "not-stated", LISTING_GONE);
  if (listing.allInWeeklyCost === null) return item("budget", "not-stated", "The listing states no weekly cost");
  const budget = formatWeeklyRent(profile.weeklyBudget);
  const cost = formatWeeklyRent(listing.allInWeeklyCost);
  return budgetFits(profile.weeklyBudget, listing.allInWeeklyCost)
    ? item("budget", "met", `${budget} covers the all-in cost of ${cost}`)
    : item("budget", "not-met", `${budget} is below the all-in cost of ${cost}`);
}

/** The summary, one item per fact in `SCREENING_FACT_KEYS` order. */
export function screeningSummary(facts: ScreeningFacts): ScreeningItem[] {
  const { profile } = facts;
  const references = profile.referencesConfirmed;
  return [
    facts.idVerified ? item("identity", "met", "ID verified") : item("identity", "not-met", "ID not verified"),
    facts.emailVerified
      ? item("email", "met", "E-mail address verified")
      : item("email", "not-met", "E-mail address not verified"),
    facts.phoneGiven
      ? item("phone", "not-met", "Phone number given, not verified")
      : item("phone", "not-stated", "No phone number given"),
    !profile.exists
      ? item("profile", "not-stated", "No renter profile")
      : profile.complete
        ? item("profile", "met", "Renter profile complete")
        : item("profile", "not-met", "Renter profile not complete"),
    references > 0
      ? item("references", "met", `${references} reference${references === 1 ? "" : "s"} confirmed`)
      : item("references", "not-met", "No reference confirmed"),
    stayItem(facts),
    moveInItem(facts),
    budgetItem(facts),
  ];
}

/** A preview's facts before the enquiry form's choices: the renter's own and the listing's terms. */
export type ScreeningPreviewFacts = Omit<ScreeningFacts, "enquiry" | "phoneGiven">;

/** The preview's facts completed with the enquiry form's current choices (blank means not chosen yet). */
export function previewFacts(
  base: ScreeningPreviewFacts,
  form: { moveInDate: string; leaseMonths: string; phone: string },
): ScreeningFacts {
  const lease = Number(form.leaseMonths);
  return {
    ...base,
    phoneGiven: form.phone.trim() !== "",
    enquiry: {
      moveInDate: /^\d{4}-\d{2}-\d{2}$/.test(form.moveInDate) ? form.moveInDate : null,
      leaseMonths: form.leaseMonths !== "" && Number.isInteger(lease) ? lease : null,
    },
  };
}
