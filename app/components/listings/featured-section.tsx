import { Link, useNavigation } from "react-router";
import { ListingCard } from "~/app/components/listings/listing-card";
import { ListingGrid, ListingGridSkeleton } from "~/app/components/listings/listing-grid";
import type { ListingCardFacts } from "~/modules/listings/listing-types";

export interface FeaturedSectionProps {
  listings: (ListingCardFacts & { favourited: boolean | null; canEdit: boolean })[];
  /** The place the list is around (featured-near.server.ts); null for the newest rooms everywhere. */
  near: {
    place: { name: string };
    radiusKm: number | null;
    searchHref: string;
  } | null;
  distanceLines: Record<string, string>;
  /** Why a place asked for was not used; the list is then the newest rooms everywhere. */
  ignored: { message: string } | null;
  /** The home URL's `where`, carried to the listing page so it says the same distance. */
  where?: string;
}

const LINK_CLASS = "rounded-full border px-5 py-2.5 text-sm font-semibold hover:bg-slate-50";

/**
 * The home page's featured rooms: the newest everywhere, or, with a place chosen, the newest in or
 * near it with each room's distance and a link to the same search on /search.
 */
export function FeaturedSection({ listings, near, distanceLines, ignored, where }: FeaturedSectionProps) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/";
  // A suburb or postcode keeps the rooms in it; a campus, hospital, station or point, those around it.
  const name = near?.place.name;
  const relation = near && (near.radiusKm === null ? `in ${name}` : `near ${name}`);
  return (
    <section id="featured-listings" aria-labelledby="featured-heading" className="scroll-mt-24 py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="featured-heading" className="font-display text-3xl font-bold tracking-tight">
              {relation ? `Rooms ${relation}` : "Featured Listings"}
            </h2>
            <p className="mt-3 max-w-2xl text-muted-foreground">
              {near
                ? near.radiusKm === null
                  ? `The newest rooms in ${name}.`
                  : `The newest rooms within ${near.radiusKm} km of ${name}, with the walk to it.`
                : "The newest rooms on Laneway Rooms, furnished and ready for leases of three to twelve months."}
            </p>
            {ignored && (
              <p className="mt-3 max-w-2xl rounded-lg bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
                {ignored.message} Here are the newest rooms everywhere instead.
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-3">
            {near && (
              <Link to="/#featured-listings" className={LINK_CLASS}>
                Newest rooms everywhere
              </Link>
            )}
            <Link to={near?.searchHref ?? "/search"} className={LINK_CLASS}>
              {relation ? `See all rooms ${relation}` : "See all rooms"}
            </Link>
          </div>
        </div>
        <div className="mt-10">
          {loading ? (
            <ListingGridSkeleton count={6} label="Loading featured listings" />
          ) : near && listings.length === 0 ? (
            <p className="rounded-2xl border border-dashed p-8 text-center text-muted-foreground">
              {near.radiusKm === null
                ? `No rooms in ${name} yet.`
                : `No rooms within ${near.radiusKm} km of ${name} yet: the search page can look further.`}
            </p>
          ) : (
            <ListingGrid label="Featured listings">
              {listings.map((listing) => (
                <li key={listing.id} className="flex">
                  <div className="w-full">
                    <ListingCard
                      listing={listing}
                      distanceLine={distanceLines[listing.id]}
                      near={near ? where : undefined}
                      favourited={listing.favourited}
                      canEdit={listing.canEdit}
                    />
                  </div>
                </li>
              ))}
            </ListingGrid>
          )}
        </div>
      </div>
    </section>
  );
}
