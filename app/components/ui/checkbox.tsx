import type { ComponentProps } from "react";
import { Checkbox as CheckboxPrimitive } from "radix-ui";
import { Icon } from "~/app/components/ui/icon";
import { cn } from "~/app/components/ui/cn";

/** A Radix checkbox; inside a `<form>` with a `name` it also submits like a native one. */
export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      className={cn(
        "peer group inline-flex size-5 shrink-0 cursor-pointer items-center justify-center rounded-sm border border-input bg-background shadow-xs transition-colors disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground",
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator className="flex items-center justify-center">
        <Icon name="check" className="size-3.5 stroke-3 group-data-[state=indeterminate]:hidden" />
        <Icon name="minus" className="hidden size-3.5 stroke-3 group-data-[state=indeterminate]:block" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
