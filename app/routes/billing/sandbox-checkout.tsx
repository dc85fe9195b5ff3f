import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/sandbox-checkout";
import { statusFor } from "~/lib/http/refusal-status";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { Icon } from "~/app/components/ui/icon";
import { CardFields, readCard } from "~/app/components/billing/card-fields";
import { Button } from "~/app/components/ui/button";
import { FREE_TRIAL_USED } from "~/app/content/plan";
import { billingDeps } from "~/app/http/billing.server";
import { requireViewer } from "~/app/http/viewer.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { formText } from "~/lib/form-data";
import { cancelSandboxCheckout, paySandboxCheckout, sandboxCheckout } from "~/modules/billing/sandbox.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Checkout",
      description: "Subscribe to the Professional Plan.",
      path: "/billing/sandbox/checkout",
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

/** The sandbox provider's checkout: only the viewer's own open checkout is shown. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const checkout = await sandboxCheckout(billingDeps(context), viewer, params.sessionId);
  if (!checkout) throw data({ message: "This checkout is no longer open." }, { status: 404 });
  return checkout;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  const deps = billingDeps(context);
  const result =
    formText(form, "intent") === "cancel"
      ? await cancelSandboxCheckout(deps, viewer, params.sessionId)
      : await paySandboxCheckout(deps, viewer, { sessionId: params.sessionId, card: readCard(form) });
  if (result.ok) throw redirect(result.redirectTo);
  return data({ error: result.message }, { status: statusFor(COMMON_REFUSALS[result.reason]) });
}

export default function SandboxCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const trial = loaderData.trialDays > 0;
  return (
    <>
      <div className="h-20 bg-secondary" aria-hidden />
      <div className="bg-slate-100 px-4 pt-8 pb-16">
        <div className="mx-auto grid max-w-4xl overflow-hidden rounded-3xl bg-white shadow-xl md:grid-cols-2">
          <section aria-labelledby="order-heading" className="bg-slate-900 p-8 text-white">
            <p className="text-xs font-semibold tracking-widest text-amber-300 uppercase">Test mode · sandbox</p>
            <h1 id="order-heading" className="mt-4 text-lg font-medium text-slate-300">
              Subscribe to {loaderData.plan}
            </h1>
            {trial ? (
              <>
                <p className="mt-2 flex items-baseline gap-2">
                  <span className="text-4xl font-bold">{loaderData.trialDays} days free</span>
                </p>
                <p className="mt-2 text-slate-300">
                  Then {loaderData.price} per month, starting {loaderData.firstPayment}.
                </p>
              </>
            ) : (
              <>
                <p className="mt-2 flex items-baseline gap-2">
                  <span className="text-4xl font-bold">{loaderData.price}</span>
                  <span className="text-slate-300">per month</span>
                </p>
                <p className="mt-2 text-slate-300">{FREE_TRIAL_USED}, so the first month is charged today.</p>
              </>
            )}
            <dl className="mt-8 space-y-3 border-t border-white/15 pt-6 text-sm">
              <div className="flex justify-between">
                <dt className="text-slate-300">{loaderData.plan}</dt>
                <dd>{loaderData.price} / month</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-slate-300">Free trial</dt>
                <dd>{trial ? `${loaderData.trialDays} days` : "Used"}</dd>
              </div>
              <div className="flex justify-between border-t border-white/15 pt-3 font-semibold">
                <dt>Total due today</dt>
                <dd>{loaderData.dueToday}</dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby="pay-heading" className="p-8">
            <h2 id="pay-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <Icon name="credit-card" className="size-5" /> Pay with card
            </h2>
            <p className="mt-1 text-sm text-slate-600">{loaderData.email}</p>
            <Form method="post" className="mt-6 space-y-5">
              {actionData?.error && (
                <p
                  id="checkout-error"
                  role="alert"
                  className="rounded-lg bg-red-50 p-3 text-sm font-medium text-destructive"
                >
                  {actionData.error}
                </p>
              )}
              <CardFields errorId={actionData?.error ? "checkout-error" : undefined} />
              <p className="text-xs text-slate-500">
                Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. Any future expiry and any CVC.
              </p>
              <Button type="submit" name="intent" value="pay" className="w-full" disabled={busy}>
                <Icon name="lock" className="size-4" /> {busy ? "Processing…" : "Pay"}
              </Button>
            </Form>
            <Form method="post" className="mt-3">
              <Button
                type="submit"
                name="intent"
                value="cancel"
                variant="ghost"
                className="w-full"
                disabled={busy}
                formNoValidate
              >
                Cancel
              </Button>
            </Form>
          </section>
        </div>
      </div>
    </>
  );
}
