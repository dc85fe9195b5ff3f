import { eq } from "drizzle-orm";
import type { ProviderSubscriptionStatus } from "~/lib/adapters/payments/payments-adapter";
import { billingCheckouts, billingSubscriptions, profiles } from "~/db/schema";
import type { SubscriptionStatus, Viewer } from "~/modules/auth/viewer";
import type { BillingDeps } from "~/modules/billing/billing-deps";
import { formatAmount, formatBillingDate } from "~/modules/billing/billing-format";
import { freeTrialDays } from "~/modules/billing/free-trial.server";
import { subscriptionNotice, type SubscriptionNotice } from "~/modules/billing/subscription-notice";
import { isLive, PLAN_NAME } from "~/modules/billing/subscription-state";
import { lastSubscriptionGrant } from "~/modules/audit/audit-log.server";
import { syncSubscription } from "~/modules/billing/sync-subscription.server";

export interface BillingInvoice {
  id: string;
  number: string | null;
  date: string;
  amount: string;
  status: string;
  url: string | null;
}

export interface BillingOverview {
  priceId: string;
  /** none: never subscribed; activating: paid, waiting for the provider's confirmation; subscribed. */
  state: "none" | "activating" | "subscribed";
  status: SubscriptionStatus;
  subscription: {
    plan: string;
    providerStatus: string;
    amount: string | null;
    trialEnd: string | null;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
    endedAt: string | null;
    card: string | null;
  } | null;
  /**
   * An active plan with no live subscription at the provider behind it: granted by an administrator's
   * override, or when the account was set up (the demo data). It has no card, renewal or charges.
   */
  grant: PlanGrant | null;
  invoices: BillingInvoice[];
  /** The invoices could not be read from the provider just now. */
  invoicesUnavailable: boolean;
  /** A failed payment or a suspended or ended plan, explained (see `subscriptionNotice`). */
  notice: SubscriptionNotice | null;
  /** The free trial a checkout would give now: 0 once the viewer has had a subscription. */
  freeTrialDays: number;
}

export interface PlanGrant {
  plan: string;
  /** The day the plan started, when known. */
  since: string | null;
  grantedBy: { kind: "administrator"; name: string | null } | { kind: "account-setup" };
}

const date = (value: Date | null) => (value ? formatBillingDate(value) : null);

/** The billing page: the plan as the provider last reported it, and the invoice history. */
export async function billingOverview(deps: BillingDeps, viewer: Viewer): Promise<BillingOverview> {
  const [profile] = await deps.db
    .select({ customerId: profiles.stripeCustomerId, status: profiles.subscriptionStatus })
    .from(profiles)
    .where(eq(profiles.id, viewer.id));
  const customerId = profile?.customerId && !profile.customerId.startsWith("claim:") ? profile.customerId : null;
  let [mirror] = await deps.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, viewer.id));
  const [checkout] = await deps.db.select().from(billingCheckouts).where(eq(billingCheckouts.userId, viewer.id));
  if (customerId && !mirror && checkout) {
    // Back from checkout before the webhook: ask the provider.
    await syncSubscription(deps, customerId).catch(() => undefined);
    [mirror] = await deps.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, viewer.id));
  }
  let checkoutComplete = false;
  if (!mirror && checkout && !checkout.sessionId.startsWith("claim:")) {
    const session = await deps.payments.retrieveCheckoutSession(checkout.sessionId).catch(() => null);
    checkoutComplete = session?.status === "complete";
  }
  let invoices: BillingInvoice[] = [];
  let invoicesUnavailable = false;
  if (customerId && mirror) {
    try {
      invoices = (await deps.payments.listInvoices(customerId, 12)).map((invoice) => ({
        id: invoice.id,
        number: invoice.number,
        date: formatBillingDate(invoice.created),
        amount: formatAmount(invoice.amountCents, invoice.currency),
        status: invoice.status,
        url: invoice.url,
      }));
    } catch {
      invoicesUnavailable = true;
    }
  }
  const [current] = await deps.db
    .select({ status: profiles.subscriptionStatus, role: profiles.role, since: profiles.subscriptionStartDate })
    .from(profiles)
    .where(eq(profiles.id, viewer.id));
  const status = current?.status ?? viewer.subscriptionStatus;
  const granted = status === "active" && !(mirror && isLive(mirror.providerStatus as ProviderSubscriptionStatus));
  return {
    priceId: deps.payments.priceId,
    state: mirror ? "subscribed" : checkoutComplete ? "activating" : "none",
    status,
    subscription: mirror
      ? {
          plan: PLAN_NAME,
          providerStatus: mirror.providerStatus,
          amount: mirror.amountCents === null ? null : formatAmount(mirror.amountCents, mirror.currency ?? "aud"),
          trialEnd: mirror.providerStatus === "trialing" ? date(mirror.trialEnd) : null,
          currentPeriodEnd: date(mirror.currentPeriodEnd),
          cancelAtPeriodEnd: mirror.cancelAtPeriodEnd,
          endedAt: date(mirror.endedAt),
          card: mirror.cardLast4 ? `${capitalise(mirror.cardBrand ?? "card")} ending in ${mirror.cardLast4}` : null,
        }
      : null,
    grant: granted ? await planGrant(deps, viewer.id, current?.since ?? null) : null,
    invoices,
    invoicesUnavailable,
    notice: subscriptionNotice({
      role: current?.role ?? viewer.role,
      status,
      providerStatus: mirror?.providerStatus ?? null,
    }),
    freeTrialDays: await freeTrialDays(deps.db, viewer),
  };
}

async function planGrant(deps: BillingDeps, userId: string, since: Date | null): Promise<PlanGrant> {
  const override = await lastSubscriptionGrant(deps.db, userId);
  return {
    plan: PLAN_NAME,
    since: date(since ?? override?.at ?? null),
    grantedBy: override ? { kind: "administrator", name: override.actorName } : { kind: "account-setup" },
  };
}

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
