import type { Route } from "./+types/cancel";
import { SubscriptionResult } from "~/app/components/billing/subscription-result";
import { pageMeta, rootMetaData } from "~/app/seo/meta";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Subscription cancelled",
      description: "Checkout was cancelled.",
      path: "/subscription/cancel",
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

export default function SubscriptionCancel() {
  return (
    <SubscriptionResult outcome="cancel" detail="You haven't been charged. You can subscribe whenever you're ready." />
  );
}
