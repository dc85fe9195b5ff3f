import { ID_VERIFIED_BADGE, LANDLORD_ID_VERIFIED_BADGE } from "~/app/content/identity";
import { Icon } from "~/app/components/ui/icon";
import { cn } from "~/app/components/ui/cn";

/** "ID verified" beside a person, or "Landlord ID verified" on a landlord's listing. */
export function IdVerifiedBadge({ landlord = false, className }: { landlord?: boolean; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex w-fit items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-emerald-900",
        className,
      )}
    >
      <Icon name="badge-check" className="size-3.5" aria-hidden />
      {landlord ? LANDLORD_ID_VERIFIED_BADGE : ID_VERIFIED_BADGE}
    </span>
  );
}
