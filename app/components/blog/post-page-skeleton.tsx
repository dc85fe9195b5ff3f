import { Skeleton } from "~/app/components/ui/skeleton";

/** The post page's shape while its data loads (client navigation from the blog index). */
export function PostPageSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading blog post">
      <div className="bg-secondary pt-28 pb-12 sm:pt-32 sm:pb-16">
        <div className="mx-auto max-w-4xl space-y-5 px-4 sm:px-6 lg:px-8">
          <Skeleton tone="on-dark" className="h-5 w-28" />
          <Skeleton tone="on-dark" rounded="full" className="h-6 w-40" />
          <Skeleton tone="on-dark" className="h-10 w-full" />
          <Skeleton tone="on-dark" className="h-10 w-2/3" />
        </div>
      </div>
      <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
        <Skeleton rounded="2xl" className="-mt-6 aspect-[40/21] w-full" />
        <div className="mt-10 max-w-[68ch] space-y-4">
          {Array.from({ length: 3 }, (_, block) => (
            <div key={block} className="space-y-3 pb-4">
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-11/12" />
              <Skeleton className="h-4 w-3/5" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
