import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { PGLITE_EXTENSIONS } from "~/lib/db/pglite-extensions.server";

const execFileAsync = promisify(execFile);

/** Runs a PostgreSQL client tool, saying which package to install when it is missing. */
async function run(tool: "pg_dump" | "pg_restore", args: string[]): Promise<void> {
  try {
    await execFileAsync(tool, args);
  } catch (error) {
    if ((error as { code?: unknown }).code === "ENOENT") {
      throw new Error(`${tool} not found: install the PostgreSQL client tools (Debian: postgresql-client)`);
    }
    throw error;
  }
}

/**
 * Backups of the whole product: the database (pg_dump's custom format on PostgreSQL, PGlite's own
 * data-directory dump on the embedded database) and the uploaded files of the local storage
 * adapter, with the row count of every table, so a restore can prove it brought back everything.
 */

export const MANIFEST = "manifest.json";
const POSTGRES_DUMP = "database.dump";
const PGLITE_DUMP = "database.pglite.tar.gz";
const UPLOADS = "uploads";

export interface BackupTarget {
  /** PostgreSQL connection string; absent for the embedded PGlite database in `dataDir`. */
  databaseUrl?: string | undefined;
  /** DATA_DIR: PGlite keeps its database in DATA_DIR/pglite, local uploads in DATA_DIR/uploads. */
  dataDir: string;
  /** Set when uploads live in an S3-compatible bucket: they are backed up there, not here. */
  s3Bucket?: string | undefined;
}

export interface Manifest {
  createdAt: string;
  engine: "postgres" | "pglite";
  /** Rows per table (schema-qualified), counted in the same snapshot the dump was taken from on PostgreSQL. */
  rowCounts: Record<string, number>;
  uploads: { kind: "included"; files: number; bytes: number } | { kind: "s3"; bucket: string };
}

/** Row counts of every table of the application and of the migration journal. */
export async function rowCounts(
  query: (text: string) => Promise<{ rows: unknown[] }>,
): Promise<Record<string, number>> {
  const tables = (
    await query(
      "select schemaname || '.' || tablename as name from pg_tables where schemaname in ('public', 'drizzle') order by 1",
    )
  ).rows as { name: string }[];
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const quoted = name
      .split(".")
      .map((part) => `"${part.replaceAll('"', '""')}"`)
      .join(".");
    const [row] = (await query(`select count(*)::int as n from ${quoted}`)).rows as { n: number }[];
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

function pgliteDir(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

async function withPostgres<T>(url: string, task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

async function withPglite<T>(options: { dataDir: string; loadDataDir?: Blob }, task: (db: PGlite) => Promise<T>) {
  const db = new PGlite({ ...options, extensions: PGLITE_EXTENSIONS });
  try {
    return await task(db);
  } finally {
    await db.close();
  }
}

async function filesUnder(dir: string): Promise<{ files: number; bytes: number }> {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/**
 * Writes a backup of `target` into `outDir` (created; must not exist yet). PGlite must not be open
 * in another process meanwhile (stop the server): it is one process's database.
 */
export async function backup(target: BackupTarget, outDir: string): Promise<Manifest> {
  if (existsSync(outDir)) throw new Error(`${outDir} exists already: a backup goes into a new directory`);
  await mkdir(outDir, { recursive: true });
  let engine: Manifest["engine"];
  let counts: Record<string, number>;
  if (target.databaseUrl) {
    engine = "postgres";
    const url = target.databaseUrl;
    // The counts and the dump read one snapshot: exported here, imported by pg_dump.
    counts = await withPostgres(url, async (client) => {
      await client.query("begin isolation level repeatable read read only");
      const [{ snapshot } = { snapshot: "" }] = (
        await client.query<{ snapshot: string }>("select pg_export_snapshot() as snapshot")
      ).rows;
      const tableCounts = await rowCounts((text) => client.query(text));
      await run("pg_dump", [
        "--format=custom",
        `--snapshot=${snapshot}`,
        `--file=${path.join(outDir, POSTGRES_DUMP)}`,
        `--dbname=${url}`,
      ]);
      await client.query("commit");
      return tableCounts;
    });
  } else {
    engine = "pglite";
    counts = await withPglite({ dataDir: pgliteDir(target.dataDir) }, async (db) => {
      const tableCounts = await rowCounts((text) => db.query(text));
      const dump = await db.dumpDataDir("gzip");
      await writeFile(path.join(outDir, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
      return tableCounts;
    });
  }
  let uploads: Manifest["uploads"];
  if (target.s3Bucket) uploads = { kind: "s3", bucket: target.s3Bucket };
  else {
    const source = path.join(target.dataDir, UPLOADS);
    if (existsSync(source)) await cp(source, path.join(outDir, UPLOADS), { recursive: true });
    uploads = { kind: "included", ...(await filesUnder(source)) };
  }
  const manifest: Manifest = { createdAt: new Date().toISOString(), engine, rowCounts: counts, uploads };
  await writeFile(path.join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function readManifest(backupDir: string): Promise<Manifest> {
  return JSON.parse(await readFile(path.join(backupDir, MANIFEST), "utf8")) as Manifest;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Row counts of the restored database. */
  rowCounts: Record<string, number>;
  /** Tables whose restored count differs from the backup's (empty when the restore is complete). */
  mismatches: string[];
  uploads: { files: number; bytes: number } | null;
}

/**
 * Restores a backup into `target`, which must be empty: a PostgreSQL database without tables, or
 * a DATA_DIR without a PGlite database. Then counts every table against the backup's manifest.
 */
export async function restore(backupDir: string, target: BackupTarget): Promise<RestoreResult> {
  const manifest = await readManifest(backupDir);
  const engine = target.databaseUrl ? "postgres" : "pglite";
  if (manifest.engine !== engine) {
    throw new Error(`this backup is of a ${manifest.engine} database; the target is ${engine}`);
  }
  let counts: Record<string, number>;
  if (target.databaseUrl) {
    const url = target.databaseUrl;
    const existing = await withPostgres(url, (client) => rowCounts((text) => client.query(text)));
    if (Object.keys(existing).length > 0) {
      throw new Error("the target database has tables already: restore into a new, empty database");
    }
    await run("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${url}`, path.join(backupDir, POSTGRES_DUMP)]);
    counts = await withPostgres(url, (client) => rowCounts((text) => client.query(text)));
  } else {
    const dir = pgliteDir(target.dataDir);
    if (existsSync(dir) && (await readdir(dir)).length > 0) {
      throw new Error(`${dir} holds a database already: restore into a new DATA_DIR`);
    }
    await mkdir(dir, { recursive: true });
    const dump = new Blob([await readFile(path.join(backupDir, PGLITE_DUMP))]);
    counts = await withPglite({ dataDir: dir, loadDataDir: dump }, (db) => rowCounts((text) => db.query(text)));
  }
  let uploads: RestoreResult["uploads"] = null;
  if (manifest.uploads.kind === "included") {
    const source = path.join(backupDir, UPLOADS);
    const destination = path.join(target.dataDir, UPLOADS);
    if (existsSync(source)) await cp(source, destination, { recursive: true, force: false, errorOnExist: false });
    uploads = await filesUnder(destination);
  }
  return { manifest, rowCounts: counts, mismatches: compareCounts(manifest.rowCounts, counts), uploads };
}

function compareCounts(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const tables = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...tables]
    .filter((table) => expected[table] !== actual[table])
    .map((table) => `${table}: backup ${expected[table] ?? "absent"}, restored ${actual[table] ?? "absent"}`);
}

export interface DrillResult extends RestoreResult {
  backupDir: string;
}

/**
 * The restore drill: backs `source` up, restores the backup into a fresh database (a new
 * PostgreSQL database next to the source, or a new PGlite directory), compares every table's row
 * count and the uploaded files, and removes the fresh database again.
 */
export async function restoreDrill(source: BackupTarget, workDir: string): Promise<DrillResult> {
  const backupDir = path.join(workDir, "backup");
  const manifest = await backup(source, backupDir);
  const fresh: BackupTarget = { dataDir: path.join(workDir, "restored"), s3Bucket: source.s3Bucket };
  let dropFresh = async () => {};
  if (source.databaseUrl) {
    const url = new URL(source.databaseUrl);
    const name = `${url.pathname.slice(1) || "postgres"}_drill_${randomBytes(4).toString("hex")}`.slice(0, 63);
    await withPostgres(source.databaseUrl, (client) => client.query(`create database "${name}"`));
    dropFresh = () =>
      withPostgres(source.databaseUrl as string, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      ).then(() => undefined);
    url.pathname = `/${name}`;
    fresh.databaseUrl = url.toString();
  }
  try {
    const result = await restore(backupDir, fresh);
    const uploadMismatch =
      manifest.uploads.kind === "included" &&
      (result.uploads?.files !== manifest.uploads.files || result.uploads.bytes !== manifest.uploads.bytes);
    return {
      ...result,
      backupDir,
      mismatches: uploadMismatch
        ? [
            ...result.mismatches,
            `uploads: backup ${manifest.uploads.kind === "included" ? manifest.uploads.files : 0} files, restored ${result.uploads?.files ?? 0}`,
          ]
        : result.mismatches,
    };
  } finally {
    await dropFresh();
    await rm(fresh.dataDir, { recursive: true, force: true });
  }
}
