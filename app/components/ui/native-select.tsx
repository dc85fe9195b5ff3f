import type { ComponentProps } from "react";
import { cn } from "~/app/components/ui/cn";

/**
 * A styled native `<select>`: for controls that must also work without JavaScript (GET forms),
 * where the Radix Select cannot.
 */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "h-10 rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs",
        className,
      )}
      {...props}
    />
  );
}
