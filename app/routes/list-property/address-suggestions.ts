import type { Route } from "./+types/address-suggestions";
import { requireListingWriter } from "~/modules/listings/listing-access.server";
import { addressSuggestionsResponse } from "~/modules/places/address-search.server";

/**
 * GET /list-property/address-suggestions?q=… — the listing form's Property Address search, for
 * those who may list (signed out → /auth, others → 403). `{ suggestions }` or `{ error }` as JSON;
 * the contract is in modules/places/address-search.server.ts.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireListingWriter(request, context);
  return addressSuggestionsResponse(new URL(request.url).searchParams.get("q"), `user:${viewer.id}`);
}
