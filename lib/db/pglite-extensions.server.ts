import { cube } from "@electric-sql/pglite/contrib/cube";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * The extensions the migrations create, loaded into every embedded PGlite the product opens (the
 * database itself, a backup's scratch copy, a restore): pg_trgm for "contains" search, cube for
 * nearest-first location search.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, cube };
