import type { ComponentProps } from "react";
import { Popover as PopoverPrimitive } from "radix-ui";
import { cn } from "~/app/components/ui/cn";

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;

export type PopoverContentProps = ComponentProps<typeof PopoverPrimitive.Content> & {
  /** Leave the width, padding and overflow to `className` (default: 18 rem wide, padded, scrolling). */
  bare?: boolean;
};

export function PopoverContent({
  className,
  align = "center",
  sideOffset = 6,
  bare = false,
  ...props
}: PopoverContentProps) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        className={cn(
          "z-50 max-h-(--radix-popover-content-available-height) rounded-lg border bg-popover text-popover-foreground shadow-lg",
          !bare && "w-72 overflow-y-auto p-4",
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
