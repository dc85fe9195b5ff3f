import type { Route } from "./+types/address-suggestions";
import { addressSuggestionsResponse } from "~/app/http/address-suggestions.server";
import { gatedViewer } from "~/app/http/gates.server";
import { services } from "~/lib/request-context";
import { searchAddresses } from "~/modules/places/address-search.server";

/**
 * GET /list-property/address-suggestions?q=… — the listing form's Property Address search, behind
 * the listing-writer gate of its parent route. `{ suggestions }` or `{ error }` as JSON.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = gatedViewer(context);
  return addressSuggestionsResponse(
    await searchAddresses(new URL(request.url).searchParams.get("q"), `user:${viewer.id}`, {
      adapter: services(context).maps,
    }),
  );
}
