import { Link } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { FavouriteButton } from "~/app/components/listings/favourite-button";
import { ListingPhoto } from "~/app/components/listings/listing-photo";
import { Skeleton } from "~/app/components/ui/skeleton";
import type { ListingCardFacts } from "~/modules/listings/listing-types";
import { formatLeaseRange, ROOM_TYPE_LABELS } from "~/modules/listings/listing-facts";
import { updatedAgo } from "~/modules/listings/freshness";
import { formatWeeklyRent } from "~/modules/listings/listing-text";

/** Navigation state carried from search results to a listing, so "Back to results" returns there. */
export interface SearchResultsState {
  type: "search-results";
  path: string;
  search: string;
}

export interface ListingCardProps {
  listing: ListingCardFacts;
  /** Set on the search page: the results' path and query, carried to the listing page. */
  fromSearch?: { path: string; search: string };
  /** Whether the viewer may edit this listing (admin or owner); decided on the server. */
  canEdit?: boolean;
  /** The viewer's favourite state; null when nobody is signed in. */
  favourited?: boolean | null;
  /** Cards in the first row load their photo at once; the rest lazily. */
  priority?: boolean;
  /** In a search around a place: "1.2 km · about 15 min walk to RMIT City". */
  distanceLine?: string;
  /** That search's place (its id or point), carried to the listing page so it says the same distance. */
  near?: string | null;
}

// The card's width in the grid (listing-grid.tsx: one column with 1rem margins, two from 640 px with
// 1.5rem margins and a 1.5rem gap, three from 1024 px with 2rem margins, 1,280 px at most), so a
// phone takes the 800 w file for its ~380 px card at 2× rather than the 1200 w one.
export const CARD_IMAGE_SIZES =
  "(min-width: 1280px) 390px, (min-width: 1024px) calc((100vw - 7rem) / 3), (min-width: 640px) calc((100vw - 4.5rem) / 2), calc(100vw - 2rem)";

export function ListingCard({
  listing,
  fromSearch,
  canEdit = false,
  favourited = null,
  priority,
  distanceLine,
  near,
}: ListingCardProps) {
  const state: SearchResultsState | undefined = fromSearch && { type: "search-results", ...fromSearch };
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border bg-card shadow-sm transition hover:-translate-y-0.5 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0">
      <div className="relative aspect-[3/2] overflow-hidden">
        <ListingPhoto
          photo={listing.photo}
          sizes={CARD_IMAGE_SIZES}
          priority={priority}
          className="size-full transition duration-500 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
        {listing.weeklyRent !== null && (
          <span className="absolute bottom-3 left-3 rounded-full bg-slate-900/85 px-3 py-1 text-sm font-semibold text-white">
            {formatWeeklyRent(listing.weeklyRent)}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="line-clamp-2 text-lg leading-snug font-semibold text-slate-900">
          <Link
            to={near ? `/listing/${listing.id}?near=${encodeURIComponent(near)}` : `/listing/${listing.id}`}
            state={state}
            className="rounded-sm after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:rounded-2xl focus-visible:after:ring-2 focus-visible:after:ring-ring"
          >
            {listing.title}
          </Link>
        </h3>
        {listing.features && <p className="text-sm font-medium text-primary">{listing.features}</p>}
        {distanceLine && (
          <p className="flex items-center gap-1.5 text-sm font-medium text-slate-800">
            <Icon name="map-pin" className="size-4 shrink-0 text-muted-foreground" />
            {distanceLine}
          </p>
        )}
        <p className="text-sm text-slate-700">
          {ROOM_TYPE_LABELS[listing.roomType]} · {formatLeaseRange(listing.minLeaseMonths, listing.maxLeaseMonths)}
          {listing.allInWeeklyCost !== null && (
            <>
              {" · "}
              <strong className="font-semibold text-slate-900">
                All-in {formatWeeklyRent(listing.allInWeeklyCost)}
              </strong>
            </>
          )}
        </p>
        {listing.details && (
          <p className="line-clamp-6 text-sm leading-6 whitespace-pre-line text-muted-foreground">{listing.details}</p>
        )}
        {listing.availability && (
          <p className="mt-auto flex items-center gap-1.5 pt-2 text-sm text-slate-700">
            <Icon name="calendar-days" className="size-4 text-muted-foreground" />
            {listing.availability}
          </p>
        )}
        {/* Days since the server rendered it; the browser may be past midnight already. */}
        <p className="text-xs text-muted-foreground" suppressHydrationWarning>
          {updatedAgo(listing.freshAt)}
        </p>
      </div>
      {/* Above the stretched link, so they stay separate controls. */}
      <div className="absolute top-3 right-3 z-10 flex gap-2">
        {canEdit && (
          <Link
            to={`/list-property?edit=${listing.id}`}
            aria-label={`Edit ${listing.title}`}
            className="grid size-10 place-items-center rounded-full bg-white/90 text-slate-700 shadow-sm ring-1 ring-slate-900/10 hover:text-primary"
          >
            <Icon name="pencil" className="size-4" />
          </Link>
        )}
        <FavouriteButton listingId={listing.id} listingTitle={listing.title} favourited={favourited} />
      </div>
    </article>
  );
}

/** A card-shaped placeholder shown while listings load. */
export function ListingCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border bg-card shadow-sm">
      <Skeleton rounded="none" className="aspect-[3/2] w-full" />
      <div className="space-y-3 p-5">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
    </div>
  );
}
