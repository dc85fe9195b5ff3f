/**
 * Shared pieces of the benchmark scripts (`npm run bench:search`, `npm run bench:web`): a cleanup
 * stack that also runs on Ctrl-C, a private copy of the production build, and a child server on a
 * free loopback port.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import net from "node:net";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** Ports other tools of this repository use; a benchmark never takes them. */
const RESERVED_PORTS = new Set([3000, 3987, 3988, 3989, 4187, 4188, 4189]);
/** Where the next BENCH_PORTS search starts: never the port handed out last (it may not be bound yet). */
let portCursor = 0;

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---------------------------------------------------------------------------------------------
// Cleanup
// ---------------------------------------------------------------------------------------------

interface CleanupTask {
  label: string;
  run: () => Promise<void> | void;
}

const liveChildren = new Set<ChildProcess>();

/**
 * Things to undo before the process ends (servers to stop, databases to drop, directories to
 * remove), run last-in first-out by `runAll`, which the scripts call in `finally` and which also
 * runs on SIGINT/SIGTERM/SIGHUP. A second signal gives up waiting and kills the children at once.
 */
export class Cleanup {
  private tasks: CleanupTask[] = [];
  private running: Promise<void> | undefined;

  constructor() {
    let signals = 0;
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      process.on(signal, () => {
        signals += 1;
        if (signals > 1) {
          killChildrenNow();
          process.exit(130);
        }
        console.error(`\n${signal}: stopping the servers and dropping the benchmark databases…`);
        void this.runAll().finally(() => process.exit(130));
      });
    }
    // An error thrown outside the main flow (an emitter without a listener) still cleans up.
    for (const event of ["uncaughtException", "unhandledRejection"] as const) {
      process.on(event, (error: unknown) => {
        console.error(`${event}:`, error);
        void this.runAll().finally(() => process.exit(1));
      });
    }
    // Last resort (an unexpected exit): never leave a server behind.
    process.once("exit", killChildrenNow);
  }

  /** Registers a task; the returned function forgets it again (after it was done another way). */
  add(label: string, run: () => Promise<void> | void): () => void {
    const task = { label, run };
    this.tasks.push(task);
    return () => {
      this.tasks = this.tasks.filter((candidate) => candidate !== task);
    };
  }

  runAll(): Promise<void> {
    this.running ??= (async () => {
      while (this.tasks.length > 0) {
        const task = this.tasks.pop()!;
        try {
          await withTimeout(Promise.resolve().then(task.run), 30_000, task.label);
        } catch (error) {
          console.error(`cleanup: ${task.label} failed: ${String(error)}`);
        }
      }
    })();
    return this.running;
  }
}

function killChildrenNow(): void {
  for (const child of liveChildren) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------
// Arguments and output
// ---------------------------------------------------------------------------------------------

/** A positive integer from a flag: `200000`, `200_000`, `200,000` or `200k`. */
export function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const match = /^([\d_,]+)(k?)$/i.exec(value.trim());
  const parsed = match ? Number(match[1]!.replace(/[_,]/g, "")) * (match[2] ? 1000 : 1) : Number.NaN;
  if (!Number.isInteger(parsed) || parsed <= 0)
    throw new Error(`--${name}: expected a positive whole number, got "${value}"`);
  return parsed;
}

/** The value at percentile `p` (0–100) of numbers sorted ascending (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return "–";
  return ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2);
}

export function formatDuration(ms: number): string {
  return ms >= 60_000
    ? `${Math.floor(ms / 60_000)} min ${((ms % 60_000) / 1000).toFixed(0)} s`
    : `${(ms / 1000).toFixed(1)} s`;
}

/** A Markdown table (readable in a terminal, pasteable into docs/performance.md). */
export function table(headers: string[], rows: (string | number)[][], align: ("l" | "r")[] = []): string {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, column) => Math.max(3, ...cells.map((row) => (row[column] ?? "").length)));
  const line = (row: string[]) =>
    `| ${row
      .map((cell, column) => (align[column] === "r" ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join(" | ")} |`;
  const rule = `| ${widths.map((width, column) => (align[column] === "r" ? `${"-".repeat(width - 1)}:` : "-".repeat(width))).join(" | ")} |`;
  return [line(headers), rule, ...rows.map((row) => line(row.map(String)))].join("\n");
}

/** The 1-minute load average: above the number of cores, other work competes with the benchmark. */
export function loadAverage(): number {
  return loadavg()[0] ?? 0;
}

let clockTicks: number | undefined;

/** CPU time (user + system) a process has used so far, in ms, from /proc; undefined elsewhere. */
export function processCpuMs(pid: number): number | undefined {
  try {
    clockTicks ??= Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
    // Fields after the command name (which may contain spaces) start at the state, field 3.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    return Number.isFinite(ticks) ? (ticks * 1000) / clockTicks : undefined;
  } catch {
    return undefined;
  }
}

export function machineSummary(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}`;
}

// ---------------------------------------------------------------------------------------------
// The production build, privately
// ---------------------------------------------------------------------------------------------

/** Every file under build/ with its size and mtime: it changes while a build is being written. */
function buildFingerprint(buildDir: string): string | undefined {
  if (!existsSync(path.join(buildDir, "server/index.js")) || !existsSync(path.join(buildDir, "client/assets"))) {
    return undefined;
  }
  try {
    return readdirSync(buildDir, { recursive: true })
      .map(String)
      .sort()
      .map((file) => {
        const stats = statSync(path.join(buildDir, file));
        return `${file}:${stats.size}:${stats.mtimeMs}`;
      })
      .join("\n");
  } catch {
    return undefined; // a file vanished mid-listing: a build is running
  }
}

export interface PrivateApp {
  /** Working directory for `node build/server/index.js`: a copy of build/, the rest symlinked. */
  appDir: string;
  /** Scratch space beside it, removed at cleanup (data directories go here). */
  scratchDir: string;
}

/**
 * Other people rebuild build/ in the shared tree at any moment, so the servers run from a private
 * copy taken once (and taken again when build/ changed during the copy). With `rebuild`, runs
 * `npx react-router build` first.
 */
export async function privateBuild(cleanup: Cleanup, { rebuild }: { rebuild: boolean }): Promise<PrivateApp> {
  if (rebuild) {
    console.log("Building the app (npx react-router build)…");
    const result = spawnSync("npx", ["react-router", "build"], {
      cwd: repoRoot,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (result.status !== 0) throw new Error(`npx react-router build failed (exit ${String(result.status)})`);
  }
  const root = mkdtempSync(path.join(tmpdir(), "laneway-bench-"));
  cleanup.add(`remove ${root}`, () => rmSync(root, { recursive: true, force: true }));
  const appDir = path.join(root, "app");
  const scratchDir = path.join(root, "scratch");
  mkdirSync(appDir);
  mkdirSync(scratchDir);
  for (const entry of readdirSync(repoRoot)) {
    if (entry === "build" || entry === "data" || entry === ".git") continue;
    symlinkSync(path.join(repoRoot, entry), path.join(appDir, entry));
  }
  const buildDir = path.join(repoRoot, "build");
  const deadline = Date.now() + 60_000;
  for (;;) {
    const before = buildFingerprint(buildDir);
    if (before !== undefined) {
      try {
        cpSync(buildDir, path.join(appDir, "build"), { recursive: true });
        if (buildFingerprint(buildDir) === before) {
          const built = statSync(path.join(buildDir, "server/index.js")).mtime;
          console.log(`Using a private copy of build/ (built ${built.toISOString()}) in ${appDir}`);
          return { appDir, scratchDir };
        }
      } catch {
        // build/ changed under the copy; try again
      }
      rmSync(path.join(appDir, "build"), { recursive: true, force: true });
    }
    if (Date.now() >= deadline) {
      throw new Error("build/ is missing or keeps changing: run `npx react-router build` (or pass --build)");
    }
    await sleep(500);
  }
}

// ---------------------------------------------------------------------------------------------
// Child servers
// ---------------------------------------------------------------------------------------------

/**
 * A port that was free on 127.0.0.1 a moment ago (never one of the reserved ones); within
 * `BENCH_PORTS` ("41010-41019") when that is set, for machines where each user has a port range.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? "");
  if (range) {
    const [low, high] = [Number(range[1]), Number(range[2])];
    for (let tried = 0; tried <= high - low; tried++) {
      const port = low + ((portCursor + tried) % (high - low + 1));
      const free = await new Promise<boolean>((resolve) => {
        const server = net.createServer();
        server.once("error", () => resolve(false));
        server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
      });
      if (free) {
        portCursor = port - low + 1;
        return port;
      }
    }
    throw new Error(`no free port in BENCH_PORTS=${process.env.BENCH_PORTS}`);
  }
  for (;;) {
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    if (!RESERVED_PORTS.has(port)) return port;
  }
}

export interface RunningServer {
  url: string;
  pid: number;
  /** Lines the server printed (LOG_LEVEL=warn: warnings and errors), the first 5,000. */
  output: string[];
  stop(): Promise<void>;
}

/** Environment for a production server: nothing inherited but PATH and HOME. */
export function serverEnv(port: number, dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: "production",
    // Production requires an SMTP server; the benchmarks send no mail, so nothing listens there.
    SMTP_URL: "smtp://127.0.0.1:9",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...extra,
  };
}

/**
 * Seeds the demo accounts and content into the PGlite database in `dataDir`, in demo mode
 * (`npm run db:seed` without NODE_ENV): a production server refuses `SEED_DEMO`, so a production
 * server that should serve demo data is started on a data directory seeded this way first.
 */
export function seedDemoDatabase(app: PrivateApp, dataDir: string): void {
  const result = spawnSync("npx", ["tsx", "scripts/db-seed.ts"], {
    cwd: app.appDir,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? tmpdir(), DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error(`seeding the demo data failed (exit ${String(result.status)})`);
}

/**
 * Starts `node build/server/index.js` (or `script`) in the private app directory and waits until
 * /healthz answers 200 (migrations and the demo seed run before the server listens).
 */
export async function startServer(
  cleanup: Cleanup,
  app: PrivateApp,
  {
    dataDir,
    env,
    label,
    port: givenPort,
    script = "build/server/index.js",
  }: {
    dataDir: string;
    env: Record<string, string>;
    label: string;
    port?: number;
    /** The server to run, relative to the app's directory or absolute: the app's by default. */
    script?: string;
  },
): Promise<RunningServer> {
  const port = givenPort ?? (await freePort());
  const child = spawn(process.execPath, [script], {
    cwd: app.appDir,
    env: serverEnv(port, dataDir, env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  liveChildren.add(child);
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (line.trim() === "") continue;
      if (output.length < 5000) output.push(line);
    }
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => {
      liveChildren.delete(child);
      resolve();
    });
    child.once("error", (error) => {
      output.push(String(error));
      liveChildren.delete(child);
      resolve();
    });
  });
  const running = () => child.exitCode === null && child.signalCode === null && liveChildren.has(child);
  const stop = async () => {
    if (!running()) return;
    child.kill("SIGTERM");
    const stopped = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
    if (!stopped) {
      child.kill("SIGKILL");
      await exited;
    }
  };
  const forget = cleanup.add(`stop the ${label} server (pid ${String(child.pid)})`, stop);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (!running()) {
      forget();
      throw new Error(`the ${label} server exited before it was healthy:\n${output.join("\n")}`);
    }
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() >= deadline) {
      await stop();
      forget();
      throw new Error(`the ${label} server did not become healthy within 180 s:\n${output.join("\n")}`);
    }
    await sleep(200);
  }
  return {
    url,
    pid: child.pid ?? -1,
    output,
    async stop() {
      await stop();
      forget();
    },
  };
}

/**
 * Groups a server's log lines (pino JSON) by level, message and error, most frequent first:
 * `3 × error "request failed" — Error: timeout exceeded when trying to connect`.
 */
export function summarizeLog(lines: readonly string[]): string[] {
  const groups = new Map<string, number>();
  for (const line of lines) {
    let key = line.slice(0, 300);
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { type?: string; message?: string } };
      const level = { 40: "warn", 50: "error", 60: "fatal" }[entry.level ?? 0] ?? String(entry.level);
      const error = entry.err ? ` — ${entry.err.type ?? "Error"}: ${(entry.err.message ?? "").slice(0, 200)}` : "";
      key = `${level} "${entry.msg ?? ""}"${error}`;
    } catch {
      // not JSON: keep the raw line
    }
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  return [...groups].sort((a, b) => b[1] - a[1]).map(([key, count]) => `${count} × ${key}`);
}
