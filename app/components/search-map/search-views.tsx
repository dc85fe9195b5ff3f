import { lazy, Suspense, useEffect, useState } from "react";
import { Link } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { cn } from "~/app/components/ui/cn";
import { searchHref, type SearchState, type SearchView } from "~/modules/listings/search-params";

const VIEWS: { view: SearchView; label: string; icon: "list" | "map-pinned" }[] = [
  { view: "list", label: "List", icon: "list" },
  { view: "map", label: "Map", icon: "map-pinned" },
];

// The map's code (and Leaflet) loads only in map view.
const SearchMap = lazy(() =>
  import("~/app/components/search-map/search-map").then((module) => ({ default: module.SearchMap })),
);

/**
 * False on the server and while hydrating, true once this part of the page is live, set from an
 * effect. `useHydrated`'s store snapshot is not enough here: this part hydrates late (its code loads
 * after the page's), and then the switch to true was missed about half the time, leaving the server's note.
 */
function useLive(): boolean {
  const [live, setLive] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLive(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return live;
}

export interface SearchViewsProps {
  state: SearchState;
  /** The map's tiles (from `mapTileConfig`); null in list view. */
  mapTiles: { tileUrl: string | null; attribution: string; attributionUrl: string | null } | null;
}

/**
 * The List | Map switch above the results and, in map view, the map (a refused place or box is
 * said under Where and in the results). Without JavaScript the map view shows the list with a note (`SearchMap`).
 */
export function SearchViews({ state, mapTiles }: SearchViewsProps) {
  const hydrated = useLive();
  return (
    <>
      <ViewToggle state={state} />
      {state.view === "map" &&
        mapTiles &&
        (hydrated ? (
          <Suspense>
            <SearchMap state={state} {...mapTiles} />
          </Suspense>
        ) : (
          // The server's answer: without JavaScript there is no map, and the list below is the search.
          <noscript>
            <p className="mt-6 rounded-lg border bg-muted px-4 py-3 text-sm">
              The map needs JavaScript; here is the list.
            </p>
          </noscript>
        ))}
    </>
  );
}

/** List | Map: links to the same search in the other view, so it works without JavaScript. */
function ViewToggle({ state }: { state: SearchState }) {
  const current: SearchView = state.view ?? "list";
  return (
    <nav aria-label="Show the results as" className="mt-6 inline-flex rounded-full border bg-background p-1">
      {VIEWS.map(({ view, label, icon }) => (
        <Link
          key={view}
          to={searchHref({ ...state, view: view === "list" ? undefined : view, page: 1 })}
          aria-current={view === current ? "page" : undefined}
          preventScrollReset
          className={cn(
            "inline-flex h-9 items-center gap-2 rounded-full px-4 text-sm font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-600 motion-reduce:transition-none",
            view === current ? "bg-secondary text-secondary-foreground" : "text-foreground hover:bg-muted",
          )}
        >
          <Icon name={icon} className="size-4" />
          {label}
        </Link>
      ))}
    </nav>
  );
}
