import type { Route } from "./+types/success";
import { SubscriptionResult } from "~/app/components/billing/subscription-result";
import { billingDeps } from "~/app/http/billing.server";
import { requireViewer } from "~/app/http/viewer.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { LIST_FIRST_ROOM } from "~/app/components/listings/first-listing-prompt";
import { database } from "~/lib/request-context";
import { confirmCheckout } from "~/modules/billing/checkout.server";
import { ownsAnyListing } from "~/modules/listings/properties.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Subscription successful",
      description: "Your Professional Plan.",
      path: "/subscription/success",
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

/** Syncs the plan from the provider before rendering, so the user sees it at once; the URL grants nothing. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const sessionId = new URL(request.url).searchParams.get("session_id");
  const result = await confirmCheckout(billingDeps(context), viewer, sessionId);
  // The plan is confirmed now, but this request's viewer was read before it: ask by owner, not by plan.
  const firstRoom = result.ok && !(await ownsAnyListing(database(context), viewer.id));
  return { confirmed: result.ok, firstRoom };
}

export default function SubscriptionSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <SubscriptionResult
      outcome="success"
      next={
        loaderData.confirmed
          ? { to: "/list-property", label: loaderData.firstRoom ? LIST_FIRST_ROOM : "List a room" }
          : undefined
      }
      detail={
        loaderData.confirmed
          ? "Your Professional Plan is ready. You can list your rooms now."
          : "We'll confirm your subscription as soon as the payment provider does; your billing page shows its status."
      }
    />
  );
}
