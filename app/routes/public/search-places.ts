import type { Route } from "./+types/search-places";
import { retryAfterHeaders, statusFor } from "~/lib/http/refusal-status";
import { addressRateKey } from "~/lib/rate-limit.server";
import { requestInfo, services } from "~/lib/request-context";
import { WHERE_SUGGESTIONS_REFUSAL_CODE } from "~/modules/places/where-refusal-code";
import {
  WHERE_CACHE_SECONDS,
  WHERE_QUERY_TOO_LONG,
  WHERE_SEARCH_TOO_MANY,
  WHERE_SEARCH_UNAVAILABLE,
  type WhereSuggestionsBody,
} from "~/modules/places/where-suggestions";
import { suggestWherePlaces } from "~/modules/places/where-suggestions.server";

const MESSAGES = {
  "rate-limited": WHERE_SEARCH_TOO_MANY,
  "too-long": WHERE_QUERY_TOO_LONG,
  unavailable: WHERE_SEARCH_UNAVAILABLE,
} as const;

/**
 * GET /search/places?q=… — the Where field's suggestions: `{ suggestions }` (at most 8) or
 * `{ error }` as JSON, rate-limited per client address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const result = await suggestWherePlaces(
    new URL(request.url).searchParams.get("q"),
    // One key per IPv4 address or IPv6 /64, as every per-address limit counts.
    `client:${addressRateKey(requestInfo(context).clientAddress)}`,
    { places: services(context).places },
  );
  if (result.ok) {
    return Response.json({ suggestions: result.suggestions } satisfies WhereSuggestionsBody, {
      headers: { "Cache-Control": `public, max-age=${WHERE_CACHE_SECONDS}` },
    });
  }
  return Response.json({ error: MESSAGES[result.reason] } satisfies WhereSuggestionsBody, {
    status: statusFor(WHERE_SUGGESTIONS_REFUSAL_CODE[result.reason]),
    headers: { "Cache-Control": "no-store", ...retryAfterHeaders(result) },
  });
}
