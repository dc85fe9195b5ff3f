import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/billing";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/app/components/ui/table";
import { billingDeps } from "~/app/http/billing.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { formText } from "~/lib/form-data";
import { SANDBOX_CLOCK_STEPS, type SandboxClockStep } from "~/lib/adapters/payments/sandbox-clock";
import { formatBillingDate } from "~/modules/billing/billing-format";
import { advanceSandboxClock, sandboxSubscriptions } from "~/modules/billing/sandbox.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Billing clock",
      description: "Sandbox subscriptions, for development.",
      path: "/dev/billing",
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

/** The sandbox's subscriptions and their clock (development only; the /dev gate applies). */
export async function loader({ context }: Route.LoaderArgs) {
  const rows = await sandboxSubscriptions(billingDeps(context));
  return {
    subscriptions: rows.map((row) => ({
      ...row,
      trialEnd: row.trialEnd ? formatBillingDate(row.trialEnd) : null,
      currentPeriodEnd: formatBillingDate(row.currentPeriodEnd),
    })),
  };
}

const LABELS: Record<SandboxClockStep, string> = {
  "trial-ends": "Trial ends",
  "renewal-succeeds": "Renewal succeeds",
  "renewal-fails": "Renewal fails",
  "retries-exhausted": "Retries exhausted",
  cancelled: "Cancelled",
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const step = SANDBOX_CLOCK_STEPS.find((candidate) => candidate === formText(form, "step"));
  if (!step) return data({ ok: false, message: "Unknown step." }, { status: 400 });
  const result = await advanceSandboxClock(billingDeps(context), {
    subscriptionId: formText(form, "subscriptionId"),
    email: formText(form, "email"),
    step,
  });
  if (!result.ok) return data({ ok: false, message: result.message }, { status: 400 });
  return { ok: true, message: `${LABELS[step]}: done.` };
}

export default function DevBilling({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <div className="h-20 bg-secondary" aria-hidden />
      <section
        aria-labelledby="dev-billing-heading"
        className="mx-auto max-w-7xl space-y-6 px-4 pt-8 pb-16 sm:px-6 lg:px-8"
      >
        <div>
          <h1 id="dev-billing-heading" className="font-display text-3xl font-bold text-slate-900">
            Billing clock
          </h1>
          <p className="mt-1 text-slate-600">
            Sandbox subscriptions. Each step changes the subscription at the sandbox provider and delivers its signed
            events to the webhook. Also from a shell: <code>npm run billing:clock -- &lt;e-mail&gt; &lt;step&gt;</code>.
          </p>
        </div>
        <p role="status" className={actionData?.ok === false ? "text-destructive" : "text-emerald-700"}>
          {actionData?.message}
        </p>
        {loaderData.subscriptions.length === 0 ? (
          <p className="text-slate-600">No sandbox subscriptions yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Customer</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Trial end / period end</TableHead>
                  <TableHead>Advance the clock</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {loaderData.subscriptions.map((subscription) => (
                  <TableRow key={subscription.id}>
                    <TableCell>
                      {subscription.email}
                      <span className="block font-mono text-xs text-slate-500">{subscription.id}</span>
                    </TableCell>
                    <TableCell>
                      <Badge variant="outline">{subscription.status}</Badge>
                      {subscription.cancelAtPeriodEnd && <span className="ml-2 text-xs">cancels at period end</span>}
                    </TableCell>
                    <TableCell>{subscription.trialEnd ?? subscription.currentPeriodEnd}</TableCell>
                    <TableCell>
                      <Form method="post" className="flex flex-wrap gap-2">
                        <input type="hidden" name="subscriptionId" value={subscription.id} />
                        {SANDBOX_CLOCK_STEPS.map((step) => (
                          <Button
                            key={step}
                            type="submit"
                            name="step"
                            value={step}
                            size="sm"
                            variant="outline"
                            disabled={busy || subscription.status === "canceled"}
                            aria-label={`${LABELS[step]} for ${subscription.email}`}
                          >
                            {LABELS[step]}
                          </Button>
                        ))}
                      </Form>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </section>
    </>
  );
}
