/**
 * `npm run db:backup [-- <directory>]`: backs up the database (pg_dump on PostgreSQL, PGlite's own
 * dump on the embedded database) and the local uploads into a new directory, ./backups/<time> by
 * default, with every table's row count in manifest.json. With PGlite, stop the server first.
 */
import path from "node:path";
import { backup } from "~/lib/db/backup.server";
import { env } from "~/lib/env.server";

const config = env();
const outDir = path.resolve(process.argv[2] ?? path.join("backups", new Date().toISOString().replaceAll(":", "-")));
const manifest = await backup(
  { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, s3Bucket: config.S3_BUCKET },
  outDir,
).catch(fail);
const rows = Object.values(manifest.rowCounts).reduce((sum, n) => sum + n, 0);
const uploads =
  manifest.uploads.kind === "included"
    ? `${manifest.uploads.files} uploaded files`
    : `uploads stay in the bucket ${manifest.uploads.bucket} (back it up with the bucket's versioning or replication)`;
console.log(
  `Backup of the ${manifest.engine} database written to ${outDir}: ${Object.keys(manifest.rowCounts).length} tables, ${rows} rows, ${uploads}.`,
);

/** A refusal or a failing tool is reported as one line, without a stack trace. */
function fail(error: unknown): never {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
