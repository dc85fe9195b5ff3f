import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * SHA-256 of the account's name, normalised (lower case, single spaces, trimmed), computed by the
 * database both when a check passes and when it is read, so the two can never disagree. A check
 * holds only while its stored hash equals the current name's: a changed name needs a new check.
 */
export function accountNameHash(firstName: AnyColumn | SQL, lastName: AnyColumn | SQL): SQL<string> {
  return sql<string>`encode(sha256(convert_to(lower(btrim(regexp_replace(coalesce(${firstName}, '') || ' ' || coalesce(${lastName}, ''), '\\s+', ' ', 'g'))), 'UTF8')), 'hex')`;
}
