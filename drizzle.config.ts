import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from db/schema/ (one file per domain). Migrations are applied by the server at start
// (lib/db/migrate.server.ts), never by drizzle-kit, so PGlite gets its extensions (lib/db/pglite-extensions.server.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
});
