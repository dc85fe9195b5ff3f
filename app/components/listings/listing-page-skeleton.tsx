import { Skeleton } from "~/app/components/ui/skeleton";

/** The listing page's shape while its data loads (client navigation from a card). */
export function ListingPageSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading listing">
      <div className="flex min-h-[420px] items-end bg-secondary sm:min-h-[480px]">
        <div className="mx-auto w-full max-w-7xl space-y-4 px-4 pt-28 pb-10 sm:px-6 lg:px-8">
          <Skeleton tone="on-dark" rounded="full" className="h-7 w-28" />
          <Skeleton tone="on-dark" className="h-10 w-3/4 max-w-2xl" />
          <Skeleton tone="on-dark" className="h-5 w-48" />
        </div>
      </div>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <Skeleton className="h-5 w-72" />
        <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_340px]">
          <div className="space-y-4">
            <Skeleton rounded="2xl" className="aspect-[3/2] w-full" />
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
              {Array.from({ length: 4 }, (_, index) => (
                <Skeleton key={index} rounded="xl" className="aspect-[3/2]" />
              ))}
            </div>
          </div>
          <Skeleton rounded="2xl" className="order-first h-56 lg:order-last" />
        </div>
      </div>
    </div>
  );
}
