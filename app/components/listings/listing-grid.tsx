import type { ReactNode } from "react";
import { ListingCardSkeleton } from "~/app/components/listings/listing-card";
import { cn } from "~/app/components/ui/cn";

/**
 * Columns of the card grid: three on wide screens; `narrow` for a grid beside a side menu (the
 * account pages), one card a row until the screen is medium-wide.
 */
function gridClasses(narrow: boolean): string {
  return cn("grid gap-6 lg:grid-cols-3", narrow ? "sm:grid-cols-1 md:grid-cols-2" : "sm:grid-cols-2");
}

/** The responsive card grid used by the home page, search and account lists. */
export function ListingGrid({
  children,
  label,
  narrow = false,
}: {
  children: ReactNode;
  label: string;
  narrow?: boolean;
}) {
  return (
    <ul aria-label={label} className={gridClasses(narrow)}>
      {children}
    </ul>
  );
}

/** Placeholder cards while listings load (client navigation). */
export function ListingGridSkeleton({
  count,
  label,
  narrow = false,
}: {
  count: number;
  label: string;
  narrow?: boolean;
}) {
  return (
    <div aria-busy="true" aria-label={label} role="status" className={gridClasses(narrow)}>
      {Array.from({ length: count }, (_, index) => (
        <ListingCardSkeleton key={index} />
      ))}
    </div>
  );
}
