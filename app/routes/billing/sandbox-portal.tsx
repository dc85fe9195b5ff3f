import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/sandbox-portal";
import { statusFor } from "~/lib/http/refusal-status";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { CardFields, readCard } from "~/app/components/billing/card-fields";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/app/components/ui/card";
import { billingDeps } from "~/app/http/billing.server";
import { requireViewer } from "~/app/http/viewer.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { formText } from "~/lib/form-data";
import { sandboxPortal, sandboxPortalAction, type PortalAction } from "~/modules/billing/sandbox.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Manage subscription",
      description: "Your Professional Plan.",
      path: "/billing/sandbox/portal",
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

/** The sandbox provider's customer portal, for the viewer's own subscription. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const portal = await sandboxPortal(billingDeps(context), viewer);
  if (!portal) throw data({ message: "There is no subscription to manage." }, { status: 404 });
  return portal;
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const input: PortalAction | null =
    intent === "cancel" || intent === "resume"
      ? { action: intent }
      : intent === "change-card"
        ? { action: "change-card", card: readCard(form) }
        : null;
  if (!input) return data({ error: "Choose what to change." }, { status: 400 });
  const result = await sandboxPortalAction(billingDeps(context), viewer, input);
  if (result.ok) throw redirect(result.redirectTo);
  return data({ error: result.message }, { status: statusFor(COMMON_REFUSALS[result.reason]) });
}

export default function SandboxPortal({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const portal = loaderData;
  return (
    <>
      <div className="h-20 bg-secondary" aria-hidden />
      <div className="mx-auto max-w-2xl space-y-6 px-4 pt-8 pb-16">
        <div>
          <p className="text-xs font-semibold tracking-widest text-amber-700 uppercase">Test mode · sandbox</p>
          <h1 className="mt-2 font-display text-3xl font-bold text-slate-900">Manage subscription</h1>
          <Link to="/settings/billing" className="mt-2 inline-block text-sm font-medium text-primary hover:underline">
            Back to billing
          </Link>
        </div>
        {actionData?.error && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-destructive">
            {actionData.error}
          </p>
        )}
        <Card>
          <CardHeader>
            <CardTitle>Professional Plan</CardTitle>
            <CardDescription>
              {portal.ended
                ? "This subscription has ended."
                : portal.cancelAtPeriodEnd
                  ? `Cancels on ${portal.periodEnd}.`
                  : `Renews on ${portal.periodEnd}.`}
            </CardDescription>
          </CardHeader>
          {!portal.ended && (
            <CardContent>
              <Form method="post">
                {portal.cancelAtPeriodEnd ? (
                  <Button type="submit" name="intent" value="resume" disabled={busy}>
                    Resume subscription
                  </Button>
                ) : (
                  <Button type="submit" name="intent" value="cancel" variant="destructive" disabled={busy}>
                    Cancel at period end
                  </Button>
                )}
              </Form>
            </CardContent>
          )}
        </Card>
        {!portal.ended && (
          <Card>
            <CardHeader>
              <CardTitle>Payment method</CardTitle>
              <CardDescription>{portal.card ?? "None on file"}</CardDescription>
            </CardHeader>
            <CardContent>
              <Form method="post" className="space-y-4">
                <CardFields />
                <Button type="submit" name="intent" value="change-card" variant="outline" disabled={busy}>
                  Change card
                </Button>
              </Form>
            </CardContent>
          </Card>
        )}
      </div>
    </>
  );
}
