import { BadgeCheck } from "lucide-react";
import { useState } from "react";
import type { Route } from "./+types/billing";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/app/components/ui/card";
import { CHECKOUT_UNAVAILABLE } from "~/app/content/plan";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { requireViewer } from "~/app/http/viewer.server";
import { isActiveLandlord } from "~/modules/auth/viewer";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    { title: "Billing", description: "Your Laneway Rooms subscription.", path: "/settings/billing", noIndex: true },
    rootMetaData(matches),
  );
}

export function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  return { subscribed: isActiveLandlord(viewer) };
}

export default function Billing({ loaderData }: Route.ComponentProps) {
  const [unavailable, setUnavailable] = useState(false);
  const { subscribed } = loaderData;
  return (
    <section aria-labelledby="billing-heading" className="space-y-6">
      <div>
        <h1 id="billing-heading" className="font-display text-3xl font-bold text-slate-900">
          Billing
        </h1>
        <p className="mt-1 text-slate-600">Manage your plan.</p>
      </div>
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle>Landlord Subscription</CardTitle>
          <CardDescription>
            Upgrade to a landlord account to list properties and access advanced features.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <p className="text-sm text-slate-700">
            Professional Plan — <strong>$49.99 per month</strong>, 14-day free trial, cancel anytime.
          </p>
          {subscribed ? (
            <p className="flex items-center gap-2 text-sm font-medium text-emerald-700">
              <BadgeCheck aria-hidden className="size-4" /> Your landlord subscription is active.
            </p>
          ) : (
            <>
              <Button type="button" onClick={() => setUnavailable(true)} aria-describedby="checkout-status">
                Upgrade to Landlord
              </Button>
              <p id="checkout-status" role="status" className="text-sm text-slate-600">
                {unavailable && CHECKOUT_UNAVAILABLE}
              </p>
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
