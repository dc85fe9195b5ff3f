import { cva } from "class-variance-authority";
import { ID_VERIFIED_BADGE, LANDLORD_ID_VERIFIED_BADGE } from "~/app/content/identity";
import { Icon } from "~/app/components/ui/icon";
import { cn } from "~/app/components/ui/cn";

const badge = cva(
  "inline-flex w-fit items-center gap-1 rounded-full bg-emerald-100 font-semibold whitespace-nowrap text-emerald-900",
  {
    variants: {
      size: {
        /** Beside a name in a line of text. */
        small: "px-2 py-0.5 text-xs",
        /** On a listing's header. */
        large: "px-3 py-1 text-sm",
      },
    },
    defaultVariants: { size: "small" },
  },
);

/** "ID verified" beside a person, or "Landlord ID verified" on a landlord's listing. */
export function IdVerifiedBadge({
  landlord = false,
  size,
  className,
}: {
  landlord?: boolean;
  size?: "small" | "large";
  className?: string;
}) {
  return (
    <span className={cn(badge({ size }), className)}>
      <Icon name="badge-check" className={size === "large" ? "size-4" : "size-3.5"} aria-hidden />
      {landlord ? LANDLORD_ID_VERIFIED_BADGE : ID_VERIFIED_BADGE}
    </span>
  );
}
