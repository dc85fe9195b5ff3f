import { gte, like, lte, sql, type Column, type SQL } from "drizzle-orm";
import { listings } from "~/db/schema";
import type { SearchFilters } from "~/modules/listings/search-params";
import { stayFitConditions } from "~/modules/listings/stay-fit-search.server";

/** `%term%` for LIKE, with the term's own wildcards (and the escape character) matching literally. */
export function containingPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Case-insensitive "contains" on a stored lower-cased column (`search_title`, `search_description`):
 * the term is lower-cased by PostgreSQL too, so both sides fold the same way, and the trigram index
 * on the column answers selective terms.
 */
export function containsText(lowerCasedColumn: Column, term: string): SQL {
  return like(lowerCasedColumn, sql`lower(${containingPattern(term)})`);
}

/**
 * Whether counting these filters' matches may cost a visit to most of the table: a "contains" term
 * (a trigram index narrows the candidates but each must be tested) or a stay-fit filter (indexed to
 * find a page fast, but a broad one — stay 9 months, all bills — matches a large share of a big
 * table, and the count must check each match's visibility). On a large table such a search counts
 * up to a cap (ADR 0045).
 */
export function hasCostlyCount(filters: SearchFilters): boolean {
  return Boolean(
    filters.title ||
    filters.keyword ||
    filters.moveIn ||
    filters.stay !== undefined ||
    filters.bills?.length ||
    filters.roomType ||
    filters.maxAllIn !== undefined,
  );
}

/**
 * The SQL conditions for the search filters: the one place they are built, for public search and for
 * the landlord's own listings over the API. Each filter adds one condition; an empty filter adds none.
 */
export function searchFilterConditions(filters: SearchFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.title) conditions.push(containsText(listings.searchTitle, filters.title));
  if (filters.keyword) conditions.push(containsText(listings.searchDescription, filters.keyword));
  if (filters.availableFrom) conditions.push(gte(listings.availableFrom, filters.availableFrom));
  if (filters.minPrice !== undefined) conditions.push(gte(listings.weeklyRent, filters.minPrice));
  if (filters.maxPrice !== undefined) conditions.push(lte(listings.weeklyRent, filters.maxPrice));
  conditions.push(...stayFitConditions(filters));
  return conditions;
}
