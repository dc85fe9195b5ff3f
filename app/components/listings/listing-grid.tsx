import type { ReactNode } from "react";
import { ListingCardSkeleton } from "~/app/components/listings/listing-card";

/** The responsive card grid used by the home page, search and account lists. */
export function ListingGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {children}
    </ul>
  );
}

/** Placeholder cards while listings load (client navigation). */
export function ListingGridSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div aria-busy="true" aria-label={label} role="status" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, index) => (
        <ListingCardSkeleton key={index} />
      ))}
    </div>
  );
}
