import type { Route } from "./+types/address-suggestions";
import { addressSuggestionsResponse } from "~/app/http/address-suggestions.server";
import { requestInfo, services } from "~/lib/request-context";
import { searchAddresses } from "~/modules/places/address-search.server";

/**
 * GET /dev/address-suggestions?q=… — the Property Address search without the listing-writer gate,
 * for the UI kit's showcase and its end-to-end tests (rate-limited per client address). Never
 * served in production; the listing form uses /list-property/address-suggestions.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const key = `dev:${requestInfo(context).clientAddress}`;
  return addressSuggestionsResponse(
    await searchAddresses(new URL(request.url).searchParams.get("q"), key, { adapter: services(context).maps }),
  );
}
