import type { Route } from "./+types/search-map-data";
import { getViewer, publicReads } from "~/app/http/viewer.server";
import { retryAfterHeaders, statusFor } from "~/lib/http/refusal-status";
import { addressRateKey } from "~/lib/rate-limit.server";
import { database, requestInfo, services } from "~/lib/request-context";
import { withViewerFlags } from "~/modules/favourites/viewer-flags.server";
import { searchMap } from "~/modules/listings/map-clusters.server";
import { MAP_REFUSAL_CODE } from "~/modules/listings/map-refusal-code";
import { parseSearchParams } from "~/modules/listings/search-params";

/**
 * GET /search/map-data?<the /search query>&box=south,west,north,east&zoom=z — the search map's
 * clusters and markers for the visible box; with `cluster=<id>` or `listing=<id>`, the cards of that
 * selection. JSON; refusals carry a message.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const result = await searchMap(
    publicReads(context),
    {
      state: parseSearchParams(params),
      box: params.get("box"),
      zoom: params.get("zoom"),
      cluster: params.get("cluster"),
      listing: params.get("listing"),
    },
    { places: services(context).places, rateKey: `search-map:${addressRateKey(requestInfo(context).clientAddress)}` },
  );
  if (!result.ok) {
    return Response.json(
      { message: result.message },
      { status: statusFor(MAP_REFUSAL_CODE[result.reason]), headers: retryAfterHeaders(result) },
    );
  }
  if (result.kind === "clusters") return Response.json(result.data);
  const cards = await withViewerFlags(database(context), getViewer(context), result.cards);
  return Response.json({ cards, count: result.count });
}
