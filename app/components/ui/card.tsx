import type { ComponentProps } from "react";
import { cn } from "~/app/components/ui/cn";

const CARD_SPACING = { default: "gap-4 py-6", compact: "gap-2 py-4", roomy: "gap-4 py-12" } as const;

/** `spacing` sets the gap between the card's parts and its top and bottom padding. */
export function Card({
  className,
  spacing = "default",
  ...props
}: ComponentProps<"div"> & { spacing?: keyof typeof CARD_SPACING }) {
  return (
    <div
      className={cn(
        "flex flex-col rounded-xl border bg-card text-card-foreground shadow-sm",
        CARD_SPACING[spacing],
        className,
      )}
      {...props}
    />
  );
}

/**
 * Title and description stacked; `row` puts them beside something else (a badge, actions), the
 * gap between left to `className`. `compact` goes with a compact card.
 */
export function CardHeader({
  className,
  row = false,
  compact = false,
  ...props
}: ComponentProps<"div"> & { row?: boolean; compact?: boolean }) {
  return (
    <div
      className={cn(
        "flex",
        row ? "flex-row items-start justify-between" : "flex-col gap-1.5",
        compact ? "px-4" : "px-6",
        className,
      )}
      {...props}
    />
  );
}

/** An h3 by default; set `as` to keep the page's heading outline in order. */
export function CardTitle({
  className,
  as: Heading = "h3",
  ...props
}: ComponentProps<"h3"> & { as?: "h2" | "h3" | "h4" }) {
  return <Heading className={cn("text-lg leading-tight font-semibold", className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("px-6", className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex items-center gap-2 px-6", className)} {...props} />;
}
