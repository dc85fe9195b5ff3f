import { useCallback } from "react";
import { data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/search";
import { countedRequest } from "~/app/http/counted-request.server";
import { recordImpressions } from "~/modules/analytics/counted-request";
import { ListingCard } from "~/app/components/listings/listing-card";
import { ListingGrid, ListingGridSkeleton } from "~/app/components/listings/listing-grid";
import { SearchBar } from "~/app/components/listings/search-bar";
import { loaderPageMeta } from "~/app/seo/page-meta.server";
import { database, services } from "~/lib/request-context";
import type { SiteSettings } from "~/lib/services.server";
import { retryAfterHeaders, statusFor } from "~/lib/http/refusal-status";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { getViewer, publicReads } from "~/app/http/viewer.server";
import { withViewerFlags } from "~/modules/favourites/viewer-flags.server";
import { searchPage } from "~/modules/listings/search-page.server";
import { formatRoomTotal } from "~/modules/listings/listing-text";
import { LOCATION_REFUSAL_CODE } from "~/modules/listings/location-refusal-code";
import { mapTileConfig } from "~/modules/places/map-tiles.server";
import {
  activeFilterCount,
  parseSearchParams,
  searchHref,
  toSearchParams,
  type SearchState,
} from "~/modules/listings/search-params";
import { lazyAtOnce, lazyOnIntent } from "~/app/components/ui/deferred";

// Shown instead of results, rarely on a first visit: its code waits for the first intent on the page.
const SearchEmptyState = lazyOnIntent(() =>
  import("~/app/components/listings/search-empty-state").then((module) => module.SearchEmptyState),
);
// Links below the results: the server renders them, their code waits for the first intent.
const Pagination = lazyOnIntent(() => import("~/app/components/ui/pagination").then((module) => module.Pagination));
// A plain GET form the server renders (sorting without JavaScript too): its code waits for intent.
const ResultsToolbar = lazyOnIntent(() =>
  import("~/app/components/listings/results-toolbar").then((module) => module.ResultsToolbar),
);
// Closed until asked for, and a plain form: its code waits for intent.
const SaveSearch = lazyOnIntent(() =>
  import("~/app/components/listings/save-search").then((module) => module.SaveSearch),
);
// List | Map links and, in map view, the map: the server renders the links, their code waits for
// intent; in map view the map is what the visitor asked for, so there it loads at once.
const loadSearchViews = () => import("~/app/components/search-map/search-views").then((module) => module.SearchViews);
const SearchViews = lazyOnIntent(loadSearchViews);
const SearchMapViews = lazyAtOnce(loadSearchViews);

/** The search's title, description and canonical URL (filtered result pages are not indexed). */
function searchMeta(site: SiteSettings, state: SearchState) {
  const filtered = toSearchParams({ ...state, sort: undefined, pageSize: undefined, page: undefined }).size > 0;
  return loaderPageMeta(site, {
    title: "Search rooms",
    description: "Search furnished rooms on 3 to 12 month leases across Melbourne's CBD and inner suburbs.",
    path: searchHref(state),
    // Filtered result pages are for visitors; the unfiltered pages are what search engines index.
    noIndex: filtered,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const state = parseSearchParams(url.searchParams);
  // One URL per search: empty fields (a form sent without JavaScript) and defaults are dropped.
  const query = new URLSearchParams(url.search);
  query.delete("_routes"); // React Router's own parameter on data requests
  if (toSearchParams(state).toString() !== query.toString()) throw redirect(searchHref(state));

  const viewer = getViewer(context);
  const result = await searchPage(publicReads(context), state, services(context).places);
  const { where } = result;
  const mapTiles = state.view === "map" ? mapTileConfig(services(context).config.MAP_TILE_URL) : null;
  if (!result.ok) {
    // The search outran its time limit: say so, with a status that tells clients to retry.
    return data(
      {
        meta: searchMeta(services(context).site, state),
        state,
        listings: [],
        total: 0,
        totalIsExact: true,
        pageCount: 1,
        tooSlow: true,
        signedIn: viewer !== null,
        filterCount: activeFilterCount(state),
        where,
        distanceLines: {} as Record<string, string>,
        mapTiles,
      },
      { status: statusFor(COMMON_REFUSALS["too-slow"]), headers: retryAfterHeaders(result) },
    );
  }
  const { total, totalIsExact } = result;
  // A capped total ("1,000+") is a lower bound: a page beyond it that has rows still shows.
  const pageCount = Math.max(
    1,
    Math.ceil(total / state.pageSize),
    !totalIsExact && result.listings.length > 0 ? state.page : 1,
  );
  if (state.page > pageCount) throw redirect(searchHref({ ...state, page: pageCount }));
  const listings = await withViewerFlags(database(context), viewer, result.listings);
  recordImpressions(services(context).analytics, countedRequest(request, context), result.listings);
  // A location the search cannot read is shown under Where, with the page, as a bad request.
  return data(
    {
      meta: searchMeta(services(context).site, state),
      state,
      listings,
      total,
      totalIsExact,
      pageCount,
      tooSlow: false,
      signedIn: viewer !== null,
      // Counted here, so the page's code does not carry the counting.
      filterCount: activeFilterCount(state),
      where,
      distanceLines: result.distanceLines,
      mapTiles,
    },
    { status: where.refusal ? statusFor(LOCATION_REFUSAL_CODE[where.refusal]) : 200 },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData?.meta ?? [];
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const {
    state,
    listings,
    total,
    totalIsExact,
    pageCount,
    tooSlow,
    signedIn,
    filterCount,
    where,
    distanceLines,
    mapTiles,
  } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/search";
  const search = searchHref(state).replace(/^\/search/, "");
  // The same function while the results stay, so the pagination's server HTML is not re-rendered.
  const hrefForPage = useCallback((page: number) => searchHref({ ...state, page }), [state]);

  return (
    <>
      <section className="bg-secondary pt-28 pb-12 text-white sm:pt-32">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h1 className="font-display text-4xl font-bold tracking-tight sm:text-5xl">Find Your Perfect Space</h1>
          <p className="mt-3 hidden max-w-2xl text-slate-300 sm:block">
            Furnished rooms on 3 to 12 month leases, close to trams, campuses and the city.
          </p>
          <p className="mt-4 text-slate-200" aria-live="polite">
            <strong className="text-lg text-white">{formatRoomTotal(total, totalIsExact)}</strong>{" "}
            {total === 1 && totalIsExact ? "room available" : "rooms available"}
          </p>
          {/* On phones the filters fold away under the count (app.css shows them on wider screens, no
              JavaScript either way). key: a back/forward navigation re-fills the fields from the URL. */}
          <details key={search} className="search-filters mt-4 md:mt-8">
            <summary>{filterCount > 0 ? `Filters (${filterCount})` : "Filters"}</summary>
            <SearchBar state={state} where={where} stayFilters className="mt-3 md:mt-0" />
          </details>
        </div>
      </section>

      <section aria-labelledby="results-heading" className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <h2 id="results-heading" className="sr-only">
          Search results
        </h2>
        <ResultsToolbar key={search} state={state} hasPlace={!!where.place} />
        <div className="mt-4">
          <SaveSearch key={search} state={state} signedIn={signedIn} />
        </div>
        {state.view === "map" ? (
          <SearchMapViews state={state} mapTiles={mapTiles} />
        ) : (
          <SearchViews state={state} mapTiles={mapTiles} />
        )}
        <div className="mt-6">
          {loading ? (
            <ListingGridSkeleton count={3} label="Loading listings" />
          ) : tooSlow || listings.length === 0 ? (
            <SearchEmptyState
              kind={tooSlow ? "too-slow" : "no-results"}
              retryHref={searchHref(state)}
              reason={where.error}
            />
          ) : (
            <ListingGrid label="Listings">
              {listings.map((listing, index) => (
                <li key={listing.id} className="flex">
                  <div className="w-full">
                    <ListingCard
                      listing={listing}
                      fromSearch={{ path: "/search", search }}
                      distanceLine={distanceLines[listing.id]}
                      near={where.place && state.where}
                      favourited={listing.favourited}
                      canEdit={listing.canEdit}
                      priority={index < 3 && state.page === 1}
                    />
                  </div>
                </li>
              ))}
            </ListingGrid>
          )}
        </div>
        <Pagination className="mt-10" page={state.page} pageCount={pageCount} hrefForPage={hrefForPage} />
      </section>
    </>
  );
}
