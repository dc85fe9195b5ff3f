import { useEffect, useRef, useState, type ComponentProps } from "react";
import { cn } from "~/app/components/ui/cn";

/**
 * Wide tables scroll sideways inside their own box instead of widening the page. While the box
 * overflows it is a tab stop, so keyboard users can scroll it with the arrow keys. A `stacked`
 * table shows each row as a card on small screens instead (app/app.css): give its cells a `label`
 * (the column's name), except the first, which heads the card.
 */
export function Table({ className, stacked = false, ...props }: ComponentProps<"table"> & { stacked?: boolean }) {
  const containerRef = useRef<HTMLDivElement>(null);
  // Until measured (and without JavaScript) assume it may overflow.
  const [overflowing, setOverflowing] = useState(true);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    // The observer also reports once on start, which takes the first measurement.
    const observer = new ResizeObserver(() => setOverflowing(container.scrollWidth > container.clientWidth));
    observer.observe(container);
    if (container.firstElementChild) observer.observe(container.firstElementChild);
    return () => observer.disconnect();
  }, []);

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll box must be reachable by keyboard (WCAG 2.1.1)
    <div ref={containerRef} tabIndex={overflowing ? 0 : undefined} className="relative w-full overflow-x-auto">
      <table
        data-stacked={stacked || undefined}
        className={cn("w-full caption-bottom text-sm", className)}
        {...props}
      />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("[&_tr]:border-b", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableFooter({ className, ...props }: ComponentProps<"tfoot">) {
  return <tfoot className={cn("border-t bg-muted/50 font-medium [&>tr]:last:border-b-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-b transition-colors hover:bg-muted/50", className)} {...props} />;
}

/** `align="right"` for a column of numbers. */
export function TableHead({
  className,
  scope = "col",
  align = "left",
  ...props
}: Omit<ComponentProps<"th">, "align"> & { align?: "left" | "right" }) {
  return (
    <th
      scope={scope}
      className={cn(
        "h-10 px-3 align-middle font-semibold whitespace-nowrap text-foreground",
        align === "right" ? "text-right" : "text-left",
        className,
      )}
      {...props}
    />
  );
}

const CELL_SPACING = { default: "py-2.5", lg: "py-6", xl: "py-8" } as const;

/**
 * `valign="top"` lines up cells whose text wraps to several lines; `spacing` gives a row that
 * stands alone, such as "nothing here yet", more room. `label` names the cell's column where a
 * stacked table shows its rows as cards (the column heading names it for screen readers).
 */
export function TableCell({
  className,
  valign = "middle",
  spacing = "default",
  label,
  children,
  ...props
}: Omit<ComponentProps<"td">, "valign"> & {
  valign?: "middle" | "top";
  spacing?: keyof typeof CELL_SPACING;
  label?: string;
}) {
  return (
    <td
      className={cn("px-3", CELL_SPACING[spacing], valign === "top" ? "align-top" : "align-middle", className)}
      {...props}
    >
      {label && (
        <span data-cell-label aria-hidden="true">
          {label}
        </span>
      )}
      {children}
    </td>
  );
}

export function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return <caption className={cn("mt-4 text-sm text-muted-foreground", className)} {...props} />;
}
