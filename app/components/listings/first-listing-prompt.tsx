import { Link, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/app/root";
import { Icon } from "~/app/components/ui/icon";
import { buttonVariants } from "~/app/components/ui/button";
import { cn } from "~/app/components/ui/cn";

export const LIST_FIRST_ROOM = "List your first room";

/** Whether the signed-in viewer is an active landlord who has not listed a room yet (root loader). */
export function useAwaitsFirstListing(): boolean {
  return useRouteLoaderData<typeof rootLoader>("root")?.awaitsFirstListing ?? false;
}

/** The home page's next step for a new landlord: their plan is on, and no room is listed yet. */
export function FirstListingPrompt({ className }: { className?: string }) {
  if (!useAwaitsFirstListing()) return null;
  return (
    <section
      aria-labelledby="first-listing-heading"
      className={cn(
        "flex flex-col gap-4 rounded-2xl border border-primary/30 bg-orange-50 p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between",
        className,
      )}
    >
      <div className="flex gap-4">
        <Icon name="house" className="mt-1 size-6 shrink-0 text-primary" />
        <div>
          <h2 id="first-listing-heading" className="text-lg font-semibold text-slate-900">
            Your Professional Plan is active
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            You haven&apos;t listed a room yet. Add its photos, weekly rent and move-in date, and tenants can find it in
            search.
          </p>
        </div>
      </div>
      <Link to="/list-property" className={buttonVariants()}>
        <Icon name="plus" className="size-4" />
        {LIST_FIRST_ROOM}
      </Link>
    </section>
  );
}
