import { Link } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { usePastDueNotice, useSubscriptionNotice } from "~/app/components/billing/use-subscription-notice";
import { cn } from "~/app/components/ui/cn";
import { BILLING_PATH } from "~/modules/billing/subscription-notice";

/** Why a landlord's rights are paused and the link that fixes it, beside a refusal's own words. */
export function SubscriptionExplanation({ className }: { className?: string }) {
  const notice = useSubscriptionNotice();
  if (!notice) return null;
  return (
    <div
      data-testid="subscription-explanation"
      className={cn(
        "flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-left text-sm text-amber-950",
        className,
      )}
    >
      <Icon name="triangle-exclamation-point" className="mt-0.5 size-4 shrink-0" />
      <div className="space-y-2">
        <p className="font-semibold">{notice.title}</p>
        <p>{notice.message}</p>
        <Link to={BILLING_PATH} className="inline-block font-semibold underline underline-offset-2">
          {notice.action}
        </Link>
      </div>
    </div>
  );
}

/**
 * The past-due banner under the header on every signed-in page but the billing page (which says it
 * in place). Suspended and cancelled plans are explained where they refuse something instead.
 * The header is fixed, so the page also renders a hidden `spacer` copy in its flow, of the same
 * height, to push its content below the banner.
 */
export function PastDueBanner({ spacer = false }: { spacer?: boolean }) {
  const notice = usePastDueNotice();
  if (!notice) return null;
  return (
    <div
      role={spacer ? undefined : "alert"}
      aria-hidden={spacer || undefined}
      className={cn("border-b border-amber-300 bg-amber-50 text-amber-950", spacer && "invisible")}
    >
      <p className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <Icon name="triangle-exclamation-point" className="size-4 shrink-0" />
        <span className="font-semibold">{notice.title}:</span>
        <span>We&apos;re retrying your payment.</span>
        <Link
          to={BILLING_PATH}
          tabIndex={spacer ? -1 : undefined}
          className="font-semibold underline underline-offset-2"
        >
          {notice.action}
        </Link>
      </p>
    </div>
  );
}
