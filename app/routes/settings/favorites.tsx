import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/favorites";
import { Icon } from "~/app/components/ui/icon";
import { ListingCard } from "~/app/components/listings/listing-card";
import { ListingGrid, ListingGridSkeleton } from "~/app/components/listings/listing-grid";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { database } from "~/lib/request-context";
import { wantsDocument } from "~/lib/http-request.server";
import { requireViewer } from "~/app/http/viewer.server";
import { favouriteCards, type FavouriteCard } from "~/modules/favourites/viewer-flags.server";
import { FavouriteButton } from "~/app/components/listings/favourite-button";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Favorite Listings",
      description: "The rooms you saved on Laneway Rooms.",
      path: "/settings/favorites",
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const listings = favouriteCards(database(context), requireViewer(request, context));
  // A client navigation gets the list streamed, so the page shows its placeholders at once; a page
  // load waits for it, so the page works without JavaScript.
  return { listings: wantsDocument(request) ? await listings : listings };
}

/**
 * A favourite whose listing the public no longer sees (hidden, paused, or its landlord's plan
 * lapsed): no title, photo or rent, and no link, only the heart to remove it.
 */
function UnavailableFavouriteCard({ listingId }: { listingId: string }) {
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-dashed bg-card">
      <div className="grid aspect-[3/2] place-items-center bg-muted">
        <Icon name="house" className="size-10 text-muted-foreground" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="text-lg leading-snug font-semibold text-slate-900">No longer available</h3>
        <p className="text-sm text-muted-foreground">
          This listing is not advertised any more, so its details are not shown. Use the heart to remove it.
        </p>
      </div>
      <div className="absolute top-3 right-3">
        <FavouriteButton listingId={listingId} listingTitle="this unavailable listing" favourited />
      </div>
    </article>
  );
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed px-6 py-16 text-center">
      <Icon name="heart" className="size-10 text-muted-foreground" />
      <p className="mt-4 text-lg font-semibold">You haven't saved any listings yet</p>
      <p className="mt-2 max-w-md text-sm text-muted-foreground">
        Tap the heart on a listing to save it here and compare rooms later.
      </p>
      <Link
        to="/search"
        className="mt-6 rounded-full bg-primary px-5 py-2.5 text-sm font-semibold text-primary-foreground hover:bg-primary-hover"
      >
        Browse listings
      </Link>
    </div>
  );
}

function FavouriteGrid({ listings }: { listings: FavouriteCard[] }) {
  if (listings.length === 0) return <EmptyState />;
  return (
    <ListingGrid label="Favourite listings" narrow>
      {listings.map((listing, index) => (
        <li key={listing.id} className="flex">
          <div className="w-full">
            {listing.available ? (
              <ListingCard
                listing={listing}
                favourited={listing.favourited}
                canEdit={listing.canEdit}
                priority={index < 3}
              />
            ) : (
              <UnavailableFavouriteCard listingId={listing.id} />
            )}
          </div>
        </li>
      ))}
    </ListingGrid>
  );
}

type Streamed<T> = { state: "loading" } | { state: "ready"; value: T } | { state: "failed" };

/**
 * A loader value that may still be on its way. No <Suspense> here: React outlines even a finished
 * boundary in a large server-rendered page, and only JavaScript reveals it. While a new value
 * streams in (revalidation after unfavouriting), the previous one stays on screen.
 */
function useStreamed<T>(source: T | Promise<T>): Streamed<T> {
  const [latest, setLatest] = useState<Streamed<T>>(
    source instanceof Promise ? { state: "loading" } : { state: "ready", value: source },
  );
  useEffect(() => {
    if (!(source instanceof Promise)) return;
    let current = true;
    source.then(
      (value) => current && setLatest({ state: "ready", value }),
      () => current && setLatest({ state: "failed" }),
    );
    return () => {
      current = false;
    };
  }, [source]);
  return source instanceof Promise ? latest : { state: "ready", value: source };
}

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const listings = useStreamed(loaderData.listings);
  return (
    <section aria-labelledby="favorites-heading" className="space-y-6">
      <div>
        <h1 id="favorites-heading" className="font-display text-3xl font-bold text-slate-900">
          Favorite Listings
        </h1>
        <p className="mt-1 text-slate-600">The rooms you saved, most recent first.</p>
      </div>
      {listings.state === "loading" ? (
        <ListingGridSkeleton count={3} label="Loading favourite listings" narrow />
      ) : listings.state === "failed" ? (
        <p role="alert" className="rounded-2xl border border-destructive/30 bg-destructive/5 p-6 text-sm">
          We couldn't load your favourites. Please refresh the page to try again.
        </p>
      ) : (
        <FavouriteGrid listings={listings.value} />
      )}
    </section>
  );
}
