import { useLocation, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/app/root";
import { pastDueBannerNotice, type SubscriptionNotice } from "~/modules/billing/subscription-notice";

/** The signed-in viewer's subscription notice, as the root loader read it (null for everyone else). */
export function useSubscriptionNotice(): SubscriptionNotice | null {
  return useRouteLoaderData<typeof rootLoader>("root")?.subscriptionNotice ?? null;
}

/** The past-due notice when the banner shows on this page, else null. */
export function usePastDueNotice(): SubscriptionNotice | null {
  return pastDueBannerNotice(useSubscriptionNotice(), useLocation().pathname);
}
