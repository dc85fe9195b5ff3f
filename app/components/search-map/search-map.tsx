import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ListingCard } from "~/app/components/listings/listing-card";
import { Button } from "~/app/components/ui/button";
import { Icon } from "~/app/components/ui/icon";
import { useHydrated } from "~/app/components/ui/use-hydrated";
import type { MapSelection, SearchMapController } from "~/app/components/search-map/search-map-leaflet.client";
import type { ListingCardFacts } from "~/modules/listings/listing-types";
import { parseBox } from "~/modules/listings/location-filter";
import type { MapData } from "~/modules/listings/map-data";
import { formatBox, parseMapView, type MapView } from "~/modules/listings/map-view";
import { searchHref, toSearchParams, type SearchState } from "~/modules/listings/search-params";

/** The city centre and a zoom that shows the inner suburbs: where the map opens without a box. */
const MELBOURNE = { lat: -37.8136, lng: 144.9631 };
const OPEN_ZOOM = 12;

/** A card as the map request sends it: what the card shows, and what the viewer may do with it. */
type Card = ListingCardFacts & { favourited: boolean | null; canEdit: boolean };

interface Selected {
  key: string;
  count: number;
  cards: Card[] | null;
  error: string | null;
}

export interface SearchMapProps {
  state: SearchState;
  /** Leaflet tile URL template, or null to draw markers on a plain background (from `mapTileConfig`). */
  tileUrl: string | null;
  attribution: string;
  attributionUrl: string | null;
}

/** The map request's URL: the search's filters (not its order or page), the view and a selection. */
function dataUrl(state: SearchState, view: MapView, selection?: MapSelection): string {
  const query = toSearchParams({ ...state, view: undefined, page: undefined, pageSize: undefined });
  query.set("box", formatBox(view.box));
  query.set("zoom", String(view.zoom));
  if (selection?.kind === "cluster") query.set("cluster", String(selection.cluster.cluster));
  if (selection?.kind === "listing") query.set("listing", selection.marker.id);
  return `/search/map-data?${query.toString()}`;
}

async function fetchJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal, headers: { Accept: "application/json" } });
  // A request cancelled while its body was read (a new search) is an abort, never an empty answer.
  const body = (await response.json().catch(() => {
    signal?.throwIfAborted();
    return {};
  })) as T & { message?: string };
  if (!response.ok) throw new Error(body.message ?? "The map could not load the rooms. Try again in a moment.");
  return body;
}

/**
 * `/search?view=map`: the matching rooms on a map, as clusters with their counts and markers with
 * their rent, from the server (GET /search/map-data), for the visible box. Selecting a marker or a
 * cluster lists its cards beside the map; after the visitor moves the map, "Search this area"
 * narrows the search to the visible box (`bbox` in the URL). Rendered in the browser only.
 */
export function SearchMap({ state, tileUrl, attribution, attributionUrl }: SearchMapProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const panelHeadingId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const controllerRef = useRef<SearchMapController | null>(null);
  const drawnRef = useRef<{ data: MapData; view: MapView } | null>(null);
  const requestRef = useRef<AbortController | null>(null);
  const panelHeadingRef = useRef<HTMLHeadingElement>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "error">("loading");
  const [tilesFailed, setTilesFailed] = useState(false);
  const [data, setData] = useState<MapData | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [moved, setMoved] = useState(false);
  const [areaError, setAreaError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Selected | null>(null);
  const searchKey = searchHref({ ...state, view: undefined, page: undefined, pageSize: undefined, sort: undefined });

  const load = useCallback(
    (view: MapView) => {
      requestRef.current?.abort();
      const parsed = parseMapView(formatBox(view.box), String(view.zoom));
      if (!parsed.ok) {
        setNotice(
          parsed.reason === "box-too-large"
            ? "Zoom in to see rooms: the map shows an area up to 100 km across."
            : parsed.message,
        );
        controllerRef.current?.show({ zoom: view.zoom, total: 0, truncated: false, clusters: [], markers: [] }, null);
        setData(null);
        return;
      }
      const request = new AbortController();
      requestRef.current = request;
      fetchJson<MapData>(dataUrl(state, parsed.view), request.signal)
        .then((answer) => {
          if (request.signal.aborted) return;
          drawnRef.current = { data: answer, view: parsed.view };
          setData(answer);
          setNotice(
            answer.truncated
              ? `Showing the first ${answer.total.toLocaleString("en-AU")} rooms here. Zoom in or narrow the search to see them all.`
              : null,
          );
        })
        .catch((error: unknown) => {
          if (request.signal.aborted) return;
          setNotice(error instanceof Error ? error.message : String(error));
        });
    },
    // The search's filters decide the rooms; a new search draws the map again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [searchKey],
  );

  const select = useCallback(
    (selection: MapSelection) => {
      const drawn = drawnRef.current;
      if (!drawn) return;
      const key = selection.kind === "cluster" ? `c${selection.cluster.cluster}` : `l${selection.marker.id}`;
      const count = selection.kind === "cluster" ? selection.cluster.count : 1;
      setSelected({ key, count, cards: null, error: null });
      fetchJson<{ cards: Card[]; count: number }>(dataUrl(state, drawn.view, selection))
        .then((answer) => {
          setSelected((current) =>
            current?.key === key ? { key, count: answer.count, cards: answer.cards, error: null } : current,
          );
          panelHeadingRef.current?.focus();
        })
        .catch((error: unknown) => {
          setSelected((current) =>
            current?.key === key
              ? { key, count, cards: [], error: error instanceof Error ? error.message : String(error) }
              : current,
          );
        });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [searchKey],
  );

  // Opens the map once hydrated (Leaflet's code loads now, only in map view), and again for a new search.
  useEffect(() => {
    const container = containerRef.current;
    if (!hydrated || !container) return;
    let cancelled = false;
    const box = state.bbox ? parseBox(state.bbox) : null;
    import("~/app/components/search-map/search-map-leaflet.client")
      .then(({ createSearchMap }) => {
        if (cancelled) return;
        const controller = createSearchMap(container, {
          box: box && typeof box !== "string" ? box : null,
          center: MELBOURNE,
          zoom: OPEN_ZOOM,
          tileUrl,
          attribution,
          attributionUrl,
          onView(view, byVisitor) {
            if (byVisitor) {
              setMoved(true);
              setAreaError(null);
            }
            load(view);
          },
          onSelect: select,
          onTileError: () => {
            if (!cancelled) setTilesFailed(true);
          },
        });
        controllerRef.current = controller;
        setStatus("ready");
        load(controller.view());
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error("The map could not be loaded", error);
        setStatus("error");
      });
    return () => {
      cancelled = true;
      requestRef.current?.abort();
      controllerRef.current?.destroy();
      controllerRef.current = null;
      drawnRef.current = null;
      setData(null);
      setSelected(null);
      setMoved(false);
      setStatus("loading");
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, searchKey, tileUrl, attribution, attributionUrl]);

  useEffect(() => {
    if (data) controllerRef.current?.show(data, selected?.key ?? null);
  }, [data, selected?.key]);

  const searchThisArea = () => {
    const controller = controllerRef.current;
    if (!controller) return;
    const bbox = formatBox(controller.view().box);
    const box = parseBox(bbox);
    if (typeof box === "string") {
      setAreaError(
        box === "box-too-large"
          ? "This area is too large to search: zoom in to an area at most 100 km across."
          : "Move the map over Australia to search there.",
      );
      return;
    }
    void navigate(searchHref({ ...state, bbox, page: 1 }));
  };

  if (!hydrated) return null;
  const total = data ? data.total : null;

  return (
    <section aria-label="Map of the rooms" className="mt-6 grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-2">
        <div
          data-testid="search-map"
          data-map-state={status}
          className="relative isolate h-[60vh] min-h-[320px] overflow-hidden rounded-xl border bg-[#e7ecef] lg:h-[560px]"
        >
          <div
            ref={containerRef}
            role="region"
            aria-label="Map: use the arrow keys to move it, plus and minus to zoom, Tab to reach the rooms"
            className="absolute inset-0 focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-blue-600 [&.leaflet-container]:bg-[#e7ecef] [&.leaflet-container]:font-sans"
            style={{
              // Faint street-grid lines, so a map with no tiles still reads as a map.
              backgroundImage:
                "linear-gradient(#d5dde3 1px, transparent 1px), linear-gradient(90deg, #d5dde3 1px, transparent 1px)",
              backgroundSize: "48px 48px",
            }}
          />
          {status === "loading" && (
            <p className="absolute inset-0 z-[1000] flex items-center justify-center text-sm text-slate-700">
              Loading map…
            </p>
          )}
          {status === "error" && (
            <p
              role="alert"
              className="absolute inset-0 z-[1000] flex items-center justify-center p-6 text-center text-sm font-medium text-destructive"
            >
              Error loading the map. The list below shows the rooms.
            </p>
          )}
          {moved && status === "ready" && (
            <div className="absolute top-3 left-1/2 z-[1000] -translate-x-1/2">
              <Button type="button" variant="secondary" size="sm" className="shadow-md" onClick={searchThisArea}>
                <Icon name="search" />
                Search this area
              </Button>
            </div>
          )}
          {status === "ready" && tilesFailed && (
            <p className="pointer-events-none absolute right-3 bottom-8 z-[1000] max-w-[60%] rounded-md bg-white/95 px-2.5 py-1.5 text-xs text-slate-700 shadow-sm">
              Map background unavailable; markers show the rooms.
            </p>
          )}
        </div>
        <div aria-live="polite" className="min-h-5 text-sm">
          {areaError ? (
            <p role="alert" className="font-medium text-destructive">
              {areaError}
            </p>
          ) : notice ? (
            <p className="text-muted-foreground">{notice}</p>
          ) : total !== null ? (
            <p className="text-muted-foreground">
              {total === 1 ? "1 room" : `${total.toLocaleString("en-AU")} rooms`} on the map. Select a price or a group
              to see the rooms; ≈ marks a room shown at its suburb.
            </p>
          ) : null}
        </div>
      </div>

      <div className="min-w-0">
        {selected ? (
          <div className="space-y-3">
            <div className="flex items-center justify-between gap-2">
              <h3
                id={panelHeadingId}
                ref={panelHeadingRef}
                tabIndex={-1}
                className="text-lg font-semibold focus:outline-none focus-visible:ring-3 focus-visible:ring-blue-600"
              >
                {selected.count === 1 ? "1 room here" : `${selected.count.toLocaleString("en-AU")} rooms here`}
              </h3>
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label="Close the selected rooms"
                onClick={() => setSelected(null)}
              >
                <Icon name="x" />
              </Button>
            </div>
            {selected.error ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {selected.error}
              </p>
            ) : selected.cards === null ? (
              <p role="status" className="text-sm text-muted-foreground">
                Loading the rooms…
              </p>
            ) : (
              <>
                {selected.cards.length < selected.count && (
                  <p className="text-sm text-muted-foreground">
                    The first {selected.cards.length} of them. Zoom in to see the others.
                  </p>
                )}
                <ul aria-labelledby={panelHeadingId} className="grid gap-4 lg:max-h-[520px] lg:overflow-y-auto lg:pr-1">
                  {selected.cards.map((card) => (
                    <li key={card.id}>
                      <ListingCard
                        listing={card}
                        fromSearch={{ path: "/search", search: searchHref(state).replace(/^\/search/, "") }}
                        favourited={card.favourited}
                        canEdit={card.canEdit}
                      />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        ) : (
          <div className="flex h-full min-h-32 flex-col items-center justify-center rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
            <Icon name="map-pin" className="size-8" />
            <p className="mt-2">Select a price or a group on the map to see its rooms here.</p>
          </div>
        )}
      </div>
    </section>
  );
}
