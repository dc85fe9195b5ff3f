import type { Route } from "./+types/map";
import { ListingLocation } from "~/app/components/listing-map/listing-location";
import { database, services } from "~/lib/request-context";
import { locateListing } from "~/modules/places/listing-location.server";
import { mapTileConfig } from "~/modules/places/map-tiles.server";
import { nearbyPlaces } from "~/modules/places/nearby-places.server";

const SAMPLE = {
  id: "dev-map",
  title: "Quiet studio off Degraves Street",
  address: "Degraves Street",
  suburb: "Melbourne",
  state: "VIC",
  postcode: "3000",
};

/**
 * A development page for the listing map: locates a fixed address through the places module and
 * renders the "Location & Nearby Places" section. `?address=` tries another address; `?lat=&lng=`
 * adds stored coordinates. Never served in production.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const custom = params.get("address")?.trim();
  const coordinate = (name: string) => {
    const value = Number.parseFloat(params.get(name) ?? "");
    return Number.isFinite(value) ? value : null;
  };
  const listing = {
    id: SAMPLE.id,
    ...(custom
      ? { address: custom, suburb: null, state: null, postcode: null }
      : { address: SAMPLE.address, suburb: SAMPLE.suburb, state: SAMPLE.state, postcode: SAMPLE.postcode }),
    latitude: coordinate("lat"),
    longitude: coordinate("lng"),
  };
  const { maps } = services(context);
  const location = await locateListing(database(context), listing, { adapter: maps });
  const places = await nearbyPlaces(location.center, { adapter: maps });
  return {
    title: SAMPLE.title,
    address: [listing.address, listing.suburb, listing.state, listing.postcode].filter(Boolean).join(" "),
    location,
    places,
    tiles: mapTileConfig(services(context).config.MAP_TILE_URL),
  };
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "Listing map | Laneway Rooms" }, { name: "robots", content: "noindex" }];
}

export default function DevMap({ loaderData }: Route.ComponentProps) {
  const { title, address, location, places, tiles } = loaderData;
  return (
    <>
      <div className="h-20 bg-secondary" aria-hidden />
      <div className="mx-auto max-w-6xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
        <header className="space-y-2">
          <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">Listing map</h1>
          <p className="text-muted-foreground">
            {address}: centre from <strong data-testid="location-source">{location.source}</strong> (
            {location.precision}), {places.length} places within 1000 m. Not available in production.
          </p>
        </header>
        <ListingLocation
          center={location.center}
          title={title}
          places={places}
          tileUrl={tiles.tileUrl}
          attribution={tiles.attribution}
          attributionUrl={tiles.attributionUrl}
          approximate={location.precision !== "address"}
        />
      </div>
    </>
  );
}
