/**
 * `npm run db:restore-drill`: proves the configured database can be brought back from a backup.
 * Backs it up, restores the backup into a fresh database (a new PostgreSQL database on the same
 * server, dropped afterwards, or a new PGlite directory), and compares every table's row count
 * and the uploaded files. Exits 1 on any difference. With PGlite, stop the server first.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { restoreDrill } from "~/lib/db/backup.server";
import { env } from "~/lib/env.server";

const config = env();
const workDir = mkdtempSync(path.join(tmpdir(), "laneway-restore-drill-"));
try {
  const result = await restoreDrill(
    { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, s3Bucket: config.S3_BUCKET },
    workDir,
  );
  const width = Math.max(...Object.keys(result.manifest.rowCounts).map((table) => table.length));
  console.log(`${"table".padEnd(width)}  ${"backup".padStart(8)}  ${"restored".padStart(8)}`);
  for (const [table, count] of Object.entries(result.manifest.rowCounts)) {
    console.log(
      `${table.padEnd(width)}  ${String(count).padStart(8)}  ${String(result.rowCounts[table] ?? "-").padStart(8)}`,
    );
  }
  if (result.mismatches.length > 0) {
    console.error(`Restore drill FAILED:\n  ${result.mismatches.join("\n  ")}`);
    process.exitCode = 1;
  } else {
    const rows = Object.values(result.rowCounts).reduce((sum, n) => sum + n, 0);
    console.log(
      `Restore drill passed (${result.manifest.engine}): ${Object.keys(result.rowCounts).length} tables and ${rows} rows restored into a fresh database` +
        (result.uploads ? `, ${result.uploads.files} uploaded files.` : "."),
    );
  }
} catch (error) {
  // A refusal or a failing tool, as one line; the work directory is still removed.
  console.error(`Restore drill FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
