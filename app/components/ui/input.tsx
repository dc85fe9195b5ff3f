import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/app/components/ui/cn";

/**
 * The look the text-like controls share so they line up in forms, without the parts a control
 * may set differently: width, horizontal padding, border colour and text size.
 */
export const fieldFrameClasses =
  "min-w-0 rounded-md border bg-background text-foreground shadow-xs transition-colors placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive";

/** A full-width field: the frame with the usual width, padding, border colour and text size. */
export const fieldClasses = `${fieldFrameClasses} w-full border-input px-3 text-base sm:text-sm`;

const inputVariants = cva(
  `${fieldFrameClasses} h-10 border-input px-3 py-2 file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium`,
  {
    variants: {
      /** `code` for keys and ids: monospace and small. */
      variant: { default: "text-base sm:text-sm", code: "font-mono text-xs sm:text-sm" },
      /** `false` leaves the width to `className` (e.g. `w-32`). */
      fullWidth: { true: "w-full", false: "" },
    },
    defaultVariants: { variant: "default", fullWidth: true },
  },
);

export type InputProps = ComponentProps<"input"> & VariantProps<typeof inputVariants>;

export function Input({ className, type = "text", variant, fullWidth, ...props }: InputProps) {
  return <input type={type} className={cn(inputVariants({ variant, fullWidth }), className)} {...props} />;
}
