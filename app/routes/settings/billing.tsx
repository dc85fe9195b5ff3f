import { useEffect } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { toast } from "~/app/components/ui/toast";
import type { Route } from "./+types/billing";
import { CheckoutButton } from "~/app/components/billing/checkout-button";
import { Badge, type BadgeProps } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/app/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/app/components/ui/table";
import { FREE_TRIAL_USED, PROFESSIONAL_PLAN } from "~/app/content/plan";
import { billingDeps } from "~/app/http/billing.server";
import { requireViewer } from "~/app/http/viewer.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { billingOverview, type BillingOverview, type PlanGrant } from "~/modules/billing/billing-overview.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    { title: "Billing", description: "Your Laneway Rooms subscription.", path: "/settings/billing", noIndex: true },
    rootMetaData(matches),
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  return billingOverview(billingDeps(context), viewer);
}

/** While a paid checkout waits for the provider's confirmation, the page asks again every 2 s. */
const ACTIVATION_POLL_MS = 2000;

export default function Billing({ loaderData }: Route.ComponentProps) {
  const overview = loaderData;
  const revalidator = useRevalidator();
  useEffect(() => {
    if (overview.state !== "activating") return;
    const timer = setInterval(() => void revalidator.revalidate(), ACTIVATION_POLL_MS);
    return () => clearInterval(timer);
  }, [overview.state, revalidator]);

  return (
    <section aria-labelledby="billing-heading" className="space-y-6">
      <div>
        <h1 id="billing-heading" className="font-display text-3xl font-bold text-slate-900">
          Billing
        </h1>
        <p className="mt-1 text-slate-600">Manage your plan.</p>
      </div>
      {overview.state === "activating" ? (
        <Card className="max-w-xl">
          <CardContent className="flex items-center gap-3 pt-6" role="status">
            <Icon name="loader-circle" className="size-5 animate-spin text-primary" />
            <p className="font-medium">Activating your plan…</p>
          </CardContent>
        </Card>
      ) : overview.grant ? (
        <GrantedPlanCard grant={overview.grant} />
      ) : overview.subscription ? (
        <SubscriptionCard overview={overview} />
      ) : (
        <UpgradeCard priceId={overview.priceId} freeTrialDays={overview.freeTrialDays} />
      )}
      {(overview.subscription || overview.grant) && <Invoices overview={overview} />}
    </section>
  );
}

function UpgradeCard({ priceId, freeTrialDays }: { priceId: string; freeTrialDays: number }) {
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>Landlord Subscription</CardTitle>
        <CardDescription>
          Upgrade to a landlord account to list properties and access advanced features.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-700">
          {PROFESSIONAL_PLAN.name} — <strong>$49.99 per month</strong>,{" "}
          {freeTrialDays > 0
            ? `${freeTrialDays}-day free trial, cancel anytime.`
            : `cancel anytime. ${FREE_TRIAL_USED}.`}
        </p>
        <CheckoutButton priceId={priceId} returnTo="/settings/billing" label="Upgrade to Landlord" />
      </CardContent>
    </Card>
  );
}

/**
 * A plan granted without a payment (by an administrator, or with the account): the same card as a
 * paid plan, with what is known of it. There is nothing at the provider to manage or cancel.
 */
function GrantedPlanCard({ grant }: { grant: PlanGrant }) {
  return (
    <Card className="max-w-2xl">
      <CardHeader row className="gap-4">
        <div>
          <CardTitle>{grant.plan}</CardTitle>
          <CardDescription>Granted without payment</CardDescription>
        </div>
        <Badge variant="success">Active</Badge>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Detail term="Active since">{grant.since ?? "—"}</Detail>
          <Detail term="Granted by">
            {grant.grantedBy.kind === "administrator"
              ? grant.grantedBy.name
                ? `${grant.grantedBy.name}, an administrator`
                : "An administrator"
              : "Laneway Rooms, when this account was set up"}
          </Detail>
          <Detail term="Renewal">None: this plan is not billed</Detail>
          <Detail term="Payment method">None needed</Detail>
        </dl>
        <p className="text-sm text-slate-600">
          There is no subscription to manage or cancel. To change this plan,{" "}
          <Link to="/contact" className="font-medium text-primary underline-offset-4 hover:underline">
            contact us
          </Link>
          .
        </p>
      </CardContent>
    </Card>
  );
}

function statusBadge(overview: BillingOverview): { label: string; variant: BadgeProps["variant"] } {
  const subscription = overview.subscription;
  if (overview.status === "suspended") return { label: "Suspended", variant: "destructive" };
  if (overview.status === "cancelled" || subscription?.providerStatus === "canceled") {
    return { label: "Cancelled", variant: "secondary" };
  }
  if (subscription?.providerStatus === "past_due") return { label: "Payment failed", variant: "warning" };
  if (subscription?.cancelAtPeriodEnd) return { label: "Cancels at period end", variant: "warning" };
  if (subscription?.providerStatus === "trialing") return { label: "Free trial", variant: "success" };
  return { label: "Active", variant: "success" };
}

function SubscriptionCard({ overview }: { overview: BillingOverview }) {
  const subscription = overview.subscription;
  const portal = useFetcher<{ error?: string }>();
  const portalError = portal.state === "idle" ? portal.data?.error : undefined;
  useEffect(() => {
    if (portalError) toast.error("Error", { description: portalError });
  }, [portalError, portal.data]);
  if (!subscription) return null;
  const badge = statusBadge(overview);
  const notice = overview.notice;
  const ended = overview.status === "cancelled" || subscription.providerStatus === "canceled";
  const opening = portal.state !== "idle";
  return (
    <div className="max-w-2xl space-y-4">
      {notice && notice.kind !== "cancelled" && <Notice>{notice.message}</Notice>}
      <Card>
        <CardHeader row className="gap-4">
          <div>
            <CardTitle>{subscription.plan}</CardTitle>
            <CardDescription>{subscription.amount ? `${subscription.amount} per month` : null}</CardDescription>
          </div>
          <Badge variant={badge.variant}>{badge.label}</Badge>
        </CardHeader>
        <CardContent className="space-y-4">
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            {ended ? (
              <Detail term="Ended">{subscription.endedAt ?? "—"}</Detail>
            ) : overview.status === "suspended" ? (
              <Detail term="Renewal">Payments failed; update your payment method to resume</Detail>
            ) : subscription.cancelAtPeriodEnd ? (
              <Detail term="Landlord access until">{subscription.currentPeriodEnd ?? "—"}</Detail>
            ) : subscription.trialEnd ? (
              <Detail term="Trial ends">
                {subscription.trialEnd}, then {subscription.amount} per month
              </Detail>
            ) : (
              <Detail term="Next renewal">
                {subscription.currentPeriodEnd ?? "—"}
                {subscription.amount ? ` · ${subscription.amount}` : ""}
              </Detail>
            )}
            <Detail term="Payment method">{subscription.card ?? "None on file"}</Detail>
          </dl>
          {ended ? (
            <div className="space-y-3">
              {overview.freeTrialDays === 0 && (
                <p className="text-sm text-slate-600">
                  {FREE_TRIAL_USED}: a new subscription is charged from the day it starts.
                </p>
              )}
              <CheckoutButton priceId={overview.priceId} returnTo="/settings/billing" label="Upgrade to Landlord" />
            </div>
          ) : (
            <portal.Form method="post" action="/billing/portal" className="flex flex-wrap gap-3">
              <Button type="submit" name="intent" value="manage" disabled={opening}>
                Manage subscription
              </Button>
              {!subscription.cancelAtPeriodEnd && (
                <Button type="submit" name="intent" value="cancel" variant="outline" disabled={opening}>
                  Cancel subscription
                </Button>
              )}
            </portal.Form>
          )}
          {subscription.cancelAtPeriodEnd && !ended && (
            <p className="text-sm text-slate-600">
              Your plan is cancelled and ends on {subscription.currentPeriodEnd}. You keep your landlord rights until
              then; resume it from Manage subscription.
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <div role="alert" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      <Icon name="triangle-exclamation-point" className="mt-0.5 size-4 shrink-0" />
      <p>{children}</p>
    </div>
  );
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-500">{term}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}

function Invoices({ overview }: { overview: BillingOverview }) {
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle>Invoices</CardTitle>
      </CardHeader>
      <CardContent>
        {overview.invoicesUnavailable ? (
          <p className="text-sm text-slate-600">
            Your invoices can&apos;t be loaded right now. Please try again later.
          </p>
        ) : overview.invoices.length === 0 ? (
          <p className="text-sm text-slate-600">
            {overview.grant ? "No invoices: this plan is not billed." : "No invoices yet."}
          </p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead>Amount</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {overview.invoices.map((invoice) => (
                <TableRow key={invoice.id}>
                  <TableCell>
                    {invoice.url ? (
                      <a href={invoice.url} className="font-medium text-primary underline-offset-4 hover:underline">
                        {invoice.date}
                        <span className="sr-only"> (view invoice)</span>
                      </a>
                    ) : (
                      invoice.date
                    )}
                  </TableCell>
                  <TableCell>{invoice.amount}</TableCell>
                  <TableCell className="capitalize">{invoice.status}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
