/**
 * `npm run db:restore -- <backup directory>`: restores a db:backup into the configured database,
 * which must be empty (a new PostgreSQL database, or a DATA_DIR without a database), copies the
 * uploads back, and checks every table's row count against the backup. Exits 1 on any difference.
 */
import path from "node:path";
import { restore } from "~/lib/db/backup.server";
import { env } from "~/lib/env.server";

const [backupDir] = process.argv.slice(2);
if (!backupDir) {
  console.error("Usage: npm run db:restore -- <backup directory>");
  process.exit(2);
}
const config = env();
const result = await restore(path.resolve(backupDir), {
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  s3Bucket: config.S3_BUCKET,
}).catch(fail);
if (result.mismatches.length > 0) {
  console.error(`Restored, but the row counts differ from the backup:\n  ${result.mismatches.join("\n  ")}`);
  process.exit(1);
}
const rows = Object.values(result.rowCounts).reduce((sum, n) => sum + n, 0);
console.log(
  `Restored the ${result.manifest.engine} backup of ${result.manifest.createdAt}: ${Object.keys(result.rowCounts).length} tables, ${rows} rows` +
    (result.uploads ? `, ${result.uploads.files} uploaded files.` : "."),
);

/** A refusal or a failing tool is reported as one line, without a stack trace. */
function fail(error: unknown): never {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
