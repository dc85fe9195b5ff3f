/**
 * `npm start`: builds when the build is missing or older than the sources, then runs the server,
 * which migrates the database and seeds demo data into an empty one before it listens.
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

if (buildIsStale()) {
  console.log("Building the app…");
  const build = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [SERVER_ENTRY], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
