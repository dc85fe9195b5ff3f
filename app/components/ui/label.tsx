import type { ComponentProps } from "react";
import { cn } from "~/app/components/ui/cn";

/** A native label: `select-none` already keeps a double click from selecting its text. */
export function Label({ className, ...props }: ComponentProps<"label">) {
  return (
    // Callers associate it: `htmlFor` (FormField passes the control's id) or a wrapped control.
    // eslint-disable-next-line jsx-a11y/label-has-associated-control
    <label
      className={cn(
        "text-sm leading-none font-medium text-foreground select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
}
