import { ID_VERIFIED_BADGE, LANDLORD_ID_VERIFIED_BADGE } from "~/app/content/identity-badges";
import { Icon } from "~/app/components/ui/icon";
import { cn } from "~/app/components/ui/cn";

/** "ID verified" beside a person ("small"), or "Landlord ID verified" on a listing's header ("large"). */
export function IdVerifiedBadge({
  landlord = false,
  size = "small",
  className,
}: {
  landlord?: boolean;
  size?: "small" | "large";
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex w-fit items-center gap-1 rounded-full bg-emerald-100 font-semibold whitespace-nowrap text-emerald-900",
        size === "large" ? "px-3 py-1 text-sm" : "px-2 py-0.5 text-xs",
        className,
      )}
    >
      <Icon name="badge-check" className={size === "large" ? "size-4" : "size-3.5"} aria-hidden />
      {landlord ? LANDLORD_ID_VERIFIED_BADGE : ID_VERIFIED_BADGE}
    </span>
  );
}
