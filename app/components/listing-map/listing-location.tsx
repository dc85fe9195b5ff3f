import { useEffect, useId, useRef, useState } from "react";
import { Icon } from "~/app/components/ui/icon";
import { cn } from "~/app/components/ui/cn";
import type { ListingMapController } from "~/app/components/listing-map/leaflet-map.client";
import {
  formatCoordinates,
  formatDistance,
  openStreetMapUrl,
  placeTypeLabel,
} from "~/app/components/listing-map/map-format";
import type { LatLng, PlaceSuggestion } from "~/lib/adapters/maps/maps-adapter";
import { useHydrated } from "~/app/components/ui/use-hydrated";

/** Map zoom and height. */
export const MAP_ZOOM = 15;
export const MAP_HEIGHT_PX = 400;

export interface ListingLocationProps {
  /** Where to centre the map and put the home marker (from `locateListing`). */
  center: LatLng;
  /** The listing's title, for the home marker and the map's label. */
  title: string;
  /** Places near the listing (from `nearbyPlaces`), nearest first. */
  places: PlaceSuggestion[];
  /** Leaflet tile URL template, or null to draw markers on a plain background (from `mapTileConfig`). */
  tileUrl: string | null;
  /** Plain-text attribution for the tiles (from `mapTileConfig`). */
  attribution: string;
  /** Where the attribution links to (from `mapTileConfig`). */
  attributionUrl?: string | null;
  /** True when the centre is only the suburb or the city, not the street address. */
  approximate?: boolean;
  /** The section's id (the page loads this code when it comes near the screen). */
  id?: string;
  className?: string;
}

type MapStatus = "static" | "loading" | "ready" | "error";

/**
 * The listing page's "Location & Nearby Places" section: a 400 px map at zoom 15 with a home
 * marker, and a list of nearby places whose buttons pin them on the map. The Leaflet map is loaded
 * in the browser only; until then (and without JavaScript, or if it fails) a static panel shows
 * the coordinates and a link to OpenStreetMap.
 */
export function ListingLocation({
  center,
  title,
  places,
  tileUrl,
  attribution,
  attributionUrl = null,
  approximate = false,
  id,
  className,
}: ListingLocationProps) {
  const headingId = useId();
  const listHeadingId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const controllerRef = useRef<ListingMapController | null>(null);
  const [mapStatus, setStatus] = useState<MapStatus>("static");
  // Once hydrated the map is on its way: "static" stays only for the server render and no-JS visits.
  const hydrated = useHydrated();
  const status: MapStatus = mapStatus === "static" && hydrated ? "loading" : mapStatus;
  const [tilesFailed, setTilesFailed] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const { lat, lng } = center;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    let controller: ListingMapController | undefined;
    const load = () =>
      import("~/app/components/listing-map/leaflet-map.client")
        .then(({ createListingMap }) => {
          if (cancelled) return;
          controller = createListingMap(container, {
            center: { lat, lng },
            title,
            zoom: MAP_ZOOM,
            tileUrl,
            attribution,
            attributionUrl,
            onTileError: () => {
              if (!cancelled) setTilesFailed(true);
            },
          });
          controllerRef.current = controller;
          setStatus("ready");
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          console.error("The map could not be loaded", error);
          setStatus("error");
        });
    // Leaflet (about 45 KiB and a long task to start) loads when the map comes near the screen:
    // on a phone it sits well below the fold, and the first paint and input don't wait for it.
    const nearScreen =
      typeof IntersectionObserver === "undefined"
        ? undefined
        : new IntersectionObserver(
            (entries) => {
              if (!entries.some((entry) => entry.isIntersecting)) return;
              nearScreen?.disconnect();
              void load();
            },
            { rootMargin: "600px 0px" },
          );
    if (nearScreen) nearScreen.observe(container);
    else void load();
    return () => {
      nearScreen?.disconnect();
      cancelled = true;
      controllerRef.current = null;
      controller?.destroy();
      setStatus("static");
      setTilesFailed(false);
    };
  }, [lat, lng, title, tileUrl, attribution, attributionUrl]);

  useEffect(() => {
    if (status !== "ready") return;
    controllerRef.current?.showPlaces(places.filter((place) => selected.has(place.id)));
  }, [status, places, selected]);

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const osmUrl = openStreetMapUrl(center, MAP_ZOOM);
  const coordinates = formatCoordinates(center);

  return (
    <section id={id} aria-labelledby={headingId} className={cn("space-y-4", className)}>
      <h2 id={headingId} className="font-display text-2xl font-semibold tracking-tight">
        Location &amp; Nearby Places
      </h2>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-2">
          <div
            data-testid="listing-map"
            data-map-state={status}
            className="relative isolate overflow-hidden rounded-xl border bg-[#e7ecef]"
            style={{ height: MAP_HEIGHT_PX }}
          >
            <div
              ref={containerRef}
              role="region"
              aria-label={`Map of the area around ${title}`}
              className="listing-map absolute inset-0 [&.leaflet-container]:bg-[#e7ecef] [&.leaflet-container]:font-sans"
              style={{
                // Faint street-grid lines, so a map with no tiles still reads as a map.
                backgroundImage:
                  "linear-gradient(#d5dde3 1px, transparent 1px), linear-gradient(90deg, #d5dde3 1px, transparent 1px)",
                backgroundSize: "48px 48px",
              }}
            />
            {status !== "ready" && (
              <StaticMap status={status} title={title} coordinates={coordinates} osmUrl={osmUrl} />
            )}
            {status === "ready" && tilesFailed && (
              <p
                role="status"
                className="pointer-events-none absolute top-3 right-3 z-[1000] max-w-[60%] rounded-md bg-white/95 px-2.5 py-1.5 text-xs text-slate-700 shadow-sm"
              >
                Map background unavailable; markers show the location.
              </p>
            )}
          </div>
          {status === "ready" && (
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              <span>{approximate ? `Approximate location: ${coordinates}` : coordinates}</span>
              <a
                href={osmUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Open in OpenStreetMap
              </a>
            </p>
          )}
        </div>

        <div className="flex min-h-0 min-w-0 flex-col lg:max-h-[400px]">
          <h3 id={listHeadingId} className="text-lg font-semibold">
            Nearby Places
          </h3>
          {places.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">No places of interest found within 1 km.</p>
          ) : (
            <>
              <p className="mt-1 text-sm text-muted-foreground">Select a place to pin it on the map.</p>
              <ul aria-labelledby={listHeadingId} className="mt-3 min-h-0 space-y-2 overflow-y-auto pr-1 lg:flex-1">
                {places.map((place) => {
                  const pressed = selected.has(place.id);
                  return (
                    <li key={place.id}>
                      <button
                        type="button"
                        aria-pressed={pressed}
                        onClick={() => toggle(place.id)}
                        className={cn(
                          "flex w-full cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 text-left transition-colors motion-reduce:transition-none",
                          pressed ? "border-primary bg-accent" : "bg-card hover:bg-muted",
                        )}
                      >
                        <Icon
                          name="map-pin"
                          className={cn(
                            "mt-0.5 size-4 shrink-0",
                            pressed ? "fill-current text-primary" : "text-muted-foreground",
                          )}
                        />
                        <span className="min-w-0 flex-1">
                          <span className="block font-medium">{place.name}</span>
                          <span className="block truncate text-sm text-muted-foreground">
                            {placeTypeLabel(place.types)} · {place.vicinity}
                          </span>
                        </span>
                        <span className="shrink-0 text-sm font-medium tabular-nums">
                          {formatDistance(place.distanceMetres)}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </div>
      </div>
    </section>
  );
}

function StaticMap({
  status,
  title,
  coordinates,
  osmUrl,
}: {
  status: MapStatus;
  title: string;
  coordinates: string;
  osmUrl: string;
}) {
  return (
    <div
      data-testid="static-map"
      className="absolute inset-0 z-[1000] flex flex-col items-center justify-center gap-2 bg-[#e7ecef]/90 p-6 text-center"
    >
      <Icon name="map-pinned" className="size-8 text-secondary" />
      <p className="font-medium">{title}</p>
      <p className="text-sm text-slate-700">{coordinates}</p>
      {status === "loading" && <p className="text-sm text-slate-700">Loading map…</p>}
      {status === "error" && (
        <p role="alert" className="text-sm font-medium text-destructive">
          Error loading the map. Please try again later.
        </p>
      )}
      <a
        href={osmUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-1 rounded-full bg-secondary px-4 py-2 text-sm font-semibold text-secondary-foreground hover:bg-secondary/90"
      >
        Open in OpenStreetMap
      </a>
    </div>
  );
}
