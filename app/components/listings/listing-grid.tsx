import type { ReactNode } from "react";
import { ListingCardSkeleton } from "~/app/components/listings/listing-card";
import { cn } from "~/app/components/ui/cn";

const GRID = "grid gap-6 sm:grid-cols-2 lg:grid-cols-3";

/** The responsive card grid used by the home page, search and account lists. */
export function ListingGrid({
  children,
  label,
  className,
}: {
  children: ReactNode;
  label: string;
  className?: string;
}) {
  return (
    <ul aria-label={label} className={cn(GRID, className)}>
      {children}
    </ul>
  );
}

/** Placeholder cards while listings load (client navigation). */
export function ListingGridSkeleton({ count, label, className }: { count: number; label: string; className?: string }) {
  return (
    <div aria-busy="true" aria-label={label} role="status" className={cn(GRID, className)}>
      {Array.from({ length: count }, (_, index) => (
        <ListingCardSkeleton key={index} />
      ))}
    </div>
  );
}
