import { Icon } from "~/app/components/ui/icon";
import { CheckoutButton } from "~/app/components/billing/checkout-button";
import { cn } from "~/app/components/ui/cn";
import { FEATURE_SCREENS, PROFESSIONAL_PLAN, trialTerms } from "~/app/content/plan";

/**
 * The home page's "For landlords" section: the plan, its features and the Subscribe button. The
 * trial line is the viewer's own (`freeTrialDays`, 0 once they have had a subscription).
 */
export function PlanSection({ priceId, freeTrialDays }: { priceId: string; freeTrialDays: number }) {
  return (
    <section id="plans" aria-labelledby="plan-heading" className="scroll-mt-24 bg-muted py-20">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-widest text-primary uppercase">For landlords</p>
          <h2 id="plan-heading" className="mt-3 font-display text-3xl font-bold tracking-tight sm:text-4xl">
            List your rooms with the {PROFESSIONAL_PLAN.name}
          </h2>
          <p className="mt-4 max-w-xl text-muted-foreground">
            Reach tenants looking for furnished rooms on 3 to 12 month leases, and manage every listing in one place.
          </p>
        </div>
        <PlanCard priceId={priceId} freeTrialDays={freeTrialDays} returnTo="/#plans" label="Subscribe" />
      </div>
    </section>
  );
}

/**
 * The Professional Plan card: price, trial, features and the checkout button. The home page's plan
 * section and the listing form's refusal both show it, so a visitor meets the same offer in both.
 */
export function PlanCard({
  priceId,
  freeTrialDays,
  returnTo,
  label,
  headingLevel = "h3",
  className,
}: {
  priceId: string;
  /** The viewer's trial: its days, or 0 once they have had a subscription (`freeTrialDays`). */
  freeTrialDays: number;
  /** Where a refused checkout comes back to. */
  returnTo: string;
  label: string;
  headingLevel?: "h2" | "h3";
  className?: string;
}) {
  const Heading = headingLevel;
  return (
    <div className={cn("rounded-3xl border bg-card p-8 shadow-lg", className)}>
      <Heading className="text-xl font-semibold">{PROFESSIONAL_PLAN.name}</Heading>
      <p className="mt-4 flex items-baseline gap-2">
        <span className="text-5xl font-bold tracking-tight">{PROFESSIONAL_PLAN.priceText}</span>
        <span className="text-muted-foreground">{PROFESSIONAL_PLAN.period}</span>
      </p>
      <p className="mt-2 text-sm font-medium text-success">{trialTerms(freeTrialDays)} · Cancel anytime</p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2">
        {PROFESSIONAL_PLAN.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2 text-sm">
            <Icon name="check" className="mt-0.5 size-4 shrink-0 text-success" />
            <span>
              <span>{feature}</span>
              {FEATURE_SCREENS[feature] ? (
                <span className="block text-xs text-muted-foreground">{FEATURE_SCREENS[feature]}</span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-8">
        <CheckoutButton priceId={priceId} returnTo={returnTo} label={label} size="lg" className="w-full" />
      </div>
    </div>
  );
}
