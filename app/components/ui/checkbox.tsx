import type { ComponentProps } from "react";
import { cn } from "~/app/components/ui/cn";

/**
 * A native checkbox in the brand colour, like the search filters' and the listing form's: the
 * browser gives it its role, keyboard, form value and label click, with no script and little markup.
 */
export function Checkbox({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <input
      type="checkbox"
      className={cn(
        "peer size-4 shrink-0 cursor-pointer accent-primary disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
