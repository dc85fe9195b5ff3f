import type { NotPublicReason } from "~/modules/listings/visibility";

/*
 * Kept apart from visibility.ts, which the public listing page loads: only landlords, staff and API
 * clients are told these.
 */

/** Each reason as its landlord (and staff, and API clients) are told it: what is wrong and how to fix it. */
export const NOT_PUBLIC_REASON_TEXT: Record<NotPublicReason, { reason: string; fix: string }> = {
  hidden: { reason: "Hidden by our team", fix: "Our note says why; contact us to have it looked at again." },
  under_review: { reason: "Under review by our team", fix: "It is listed again once the review is done." },
  owner_plan: {
    reason: "The landlord's Professional Plan is suspended or has ended",
    fix: "It is listed again as soon as the plan is active.",
  },
  no_available_from: {
    reason: "No Available From date",
    fix: "Add the date the room is free (today if it is free now) to list it in search.",
  },
  paused: {
    reason: "Paused: not updated or confirmed as available for 30 days",
    fix: "Resume it to list it again.",
  },
};

/** A reason in one sentence pair: "No Available From date. Add the date …". */
export function notPublicReasonText(reason: NotPublicReason): string {
  const text = NOT_PUBLIC_REASON_TEXT[reason];
  return `${text.reason}. ${text.fix}`;
}
