import { isLandlordWithEndedPlan } from "~/modules/auth/viewer";
import type { SubscriptionStatus, UserRole } from "~/modules/auth/viewer";

/**
 * Which subscription state needs which explanation, defined once: the past-due banner on every
 * signed-in page, the billing page, and the refusals of /list-property, Your Properties and API keys
 * all show these words and link to the one place that fixes it.
 */

export const BILLING_PATH = "/settings/billing";

export type SubscriptionNoticeKind = "past-due" | "suspended" | "cancelled";

export interface SubscriptionNotice {
  kind: SubscriptionNoticeKind;
  title: string;
  message: string;
  /** The link's label; it always leads to the billing page. */
  action: string;
}

/** What the past-due banner shows on `pathname`: a past-due notice, except on the billing page itself. */
export function pastDueBannerNotice(notice: SubscriptionNotice | null, pathname: string): SubscriptionNotice | null {
  return notice?.kind === "past-due" && pathname !== BILLING_PATH ? notice : null;
}

const NOTICES: Record<SubscriptionNoticeKind, Omit<SubscriptionNotice, "kind">> = {
  "past-due": {
    title: "Payment failed",
    message:
      "Your last payment didn't go through. We'll retry it over the next few days; update your payment method to keep your plan and your listings online.",
    action: "Update payment method",
  },
  suspended: {
    title: "Your plan is suspended",
    message:
      "Your plan is suspended because we couldn't take your payment. Your listings are hidden from search and you can't list or edit rooms until you update your payment method.",
    action: "Update payment method",
  },
  cancelled: {
    title: "Your plan has ended",
    message:
      "Your Professional Plan has ended, so your listings are hidden from search and you can't list or edit rooms. Subscribe again to bring them back.",
    action: "Subscribe again",
  },
};

export interface SubscriptionNoticeInput {
  role: UserRole;
  status: SubscriptionStatus;
  /** The provider's status of the current subscription, when there is one. */
  providerStatus: string | null;
}

/**
 * Past due (the provider is still retrying) for anyone whose plan is still active; suspended and
 * cancelled only for landlords, whose rights they take away (staff and admins keep theirs).
 */
export function subscriptionNotice({
  role,
  status,
  providerStatus,
}: SubscriptionNoticeInput): SubscriptionNotice | null {
  const kind: SubscriptionNoticeKind | null =
    status === "active"
      ? providerStatus === "past_due"
        ? "past-due"
        : null
      : isLandlordWithEndedPlan({ role, subscriptionStatus: status })
        ? (status as "suspended" | "cancelled")
        : null;
  return kind ? { kind, ...NOTICES[kind] } : null;
}

/** Whether the viewer's own status can have a notice at all: saves the query for everyone else. */
export function mayHaveSubscriptionNotice(input: Omit<SubscriptionNoticeInput, "providerStatus">): boolean {
  return subscriptionNotice({ ...input, providerStatus: "past_due" }) !== null;
}
