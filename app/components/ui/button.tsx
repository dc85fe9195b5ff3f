import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/app/components/ui/cn";

/** The variants drawn as a pill of fixed height; `link` sits in a line of text instead. */
const PILL = ["default", "secondary", "outline", "ghost", "ghost-destructive", "selected", "destructive"] as const;

/**
 * A button's classes, also for a link or other element that should look like one
 * (`<Link className={buttonVariants({ variant: "outline" })}>`). Height, padding, gap, text size
 * and rounding come from the variants, never from the base, so each element gets exactly one of
 * each: `size={null}` leaves height, padding, gap and text size to the caller's classes.
 */
export const buttonVariants = cva(
  "inline-flex cursor-pointer items-center justify-center font-semibold whitespace-nowrap transition-colors motion-reduce:transition-none disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover",
        secondary: "bg-secondary text-secondary-foreground shadow-sm hover:bg-secondary/90",
        outline: "border border-input bg-background hover:bg-muted",
        ghost: "hover:bg-muted",
        /** A quiet delete: red text on a ghost button. */
        "ghost-destructive": "text-destructive hover:bg-destructive/10",
        /** The chosen one among ghost buttons, such as the current page of a pagination. */
        selected: "border border-primary bg-accent text-accent-foreground hover:bg-accent",
        destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90",
        link: "rounded-sm text-primary underline-offset-4 hover:underline",
      },
      // Gap and text size; the height and padding depend on the variant too (compound variants below).
      size: {
        sm: "gap-2 text-xs",
        default: "gap-2 text-sm",
        lg: "gap-2 text-base",
        icon: "gap-2 text-sm",
        "icon-sm": "gap-2 text-sm",
        "icon-xs": "gap-2 text-sm",
      },
      /** Takes a share of a flex row's free width instead of keeping its own. */
      grow: { true: "flex-1", false: "shrink-0" },
    },
    compoundVariants: [
      { variant: [...PILL], className: "rounded-full" },
      { variant: [...PILL], size: "sm", className: "h-8 px-3" },
      { variant: [...PILL], size: "default", className: "h-10 px-5" },
      { variant: [...PILL], size: "lg", className: "h-12 px-7" },
      { variant: [...PILL], size: "icon", className: "size-10" },
      { variant: [...PILL], size: "icon-sm", className: "size-9" },
      { variant: [...PILL], size: "icon-xs", className: "size-8" },
      { variant: "link", className: "h-auto px-0" },
    ],
    defaultVariants: { variant: "default", size: "default", grow: false },
  },
);

export type ButtonProps = ComponentProps<"button"> & VariantProps<typeof buttonVariants>;

/** A `<button>`. For a link that looks like a button, give the link `className={buttonVariants(...)}`. */
export function Button({ className, variant, size, grow, ...props }: ButtonProps) {
  return <button className={cn(buttonVariants({ variant, size, grow }), className)} {...props} />;
}
