import type { Executor } from "~/lib/db/client.server";
import { searchListings } from "~/modules/listings/listing-queries.server";
import { parseSearchParams } from "~/modules/listings/search-params";

/** Public search for a /search query string; a search that outran its time limit fails the test. */
export async function searchFor(db: Executor, query: string | Record<string, string>) {
  const result = await searchListings(db, parseSearchParams(new URLSearchParams(query)));
  if (!result.ok) throw new Error(`search ${new URLSearchParams(query).toString()} answered ${result.reason}`);
  return result;
}
