/**
 * `npm start`: builds when the build is missing or older than the sources (quietly, unless it
 * fails), seeds demo data into an empty database when SEED_DEMO is on (scripts/db-seed.ts, as
 * `npm run db:seed`), then runs the server, which migrates the database and listens; a demo then
 * prints one plain line with its address.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SERVER_ENTRY = "build/server/index.js";
const SOURCES = ["app", "server", "lib", "modules", "db", "public"];
const SOURCE_FILES = ["package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts", "scripts/vite"];

function newestModification(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, child) => Math.max(newest, newestModification(path.join(entry, child))),
    stats.mtimeMs,
  );
}

function buildIsStale(): boolean {
  if (!existsSync(SERVER_ENTRY)) return true;
  const built = statSync(SERVER_ENTRY).mtimeMs;
  return [...SOURCES, ...SOURCE_FILES].some((entry) => newestModification(entry) > built);
}

// The build's hundreds of lines help only when it fails: keep them until then.
if (buildIsStale()) {
  console.log("Building the app…");
  const build = spawnSync("npx", ["react-router", "build"], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? "");
    process.stderr.write(build.stderr ?? "");
    console.error(`The build failed${build.error ? ` (${build.error.message})` : ""}: see its output above.`);
    process.exit(build.status ?? 1);
  }
}

// The seed closes the database before the server opens it: the embedded database has one owner.
const seed = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-seed.ts", "--on-start"], { stdio: "inherit" });
if (seed.status !== 0) process.exit(seed.status ?? 1);

const server = spawn(process.execPath, [SERVER_ENTRY], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
