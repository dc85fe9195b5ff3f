import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/** The repository root; `npx react-router build` writes build/ here. */
export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
export const serverEntry = path.join(repoRoot, "build/server/index.js");

export interface ExitResult {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface SpawnServerOptions {
  /**
   * Extra environment for the child. The child does NOT inherit the test runner's environment
   * (which carries LOG_LEVEL=silent, TEST_DATABASE_URL …): it gets PATH and HOME, then PORT, HOST
   * and a fresh DATA_DIR, then these values. A value of `undefined` removes a variable.
   */
  env?: Record<string, string | undefined>;
  /** Port to listen on; a free loopback port by default. */
  port?: number;
  /**
   * First run the step `npm start` runs before the server (scripts/db-seed.ts --on-start): demo
   * data into the empty database when SEED_DEMO is on. Off by default, so the server alone is seen.
   */
  seedDemo?: boolean;
}

export interface ServerProcess {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  child: ChildProcess;
  /** Captured output, one entry per line, in arrival order. */
  stdout: string[];
  stderr: string[];
  /** Settles when the child has exited (never rejects). */
  exited: Promise<ExitResult>;
  /** Whether the child is still running. */
  running(): boolean;
  /** stdout lines that are JSON objects (pino log lines). */
  logLines(): Record<string, unknown>[];
  /** Resolves with the first stdout/stderr line matching, or rejects at the deadline or on exit. */
  waitForLine(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Sends the signal and waits for the exit; after `timeoutMs` the child is killed and this rejects. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<ExitResult>;
}

const children = new Set<ChildProcess>();
// Never leave a server behind, even when a test run is interrupted.
process.once("exit", () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** Every file under build/ with its size and mtime: changes while a build is being written. */
function buildFingerprint(): string | undefined {
  const dir = path.join(repoRoot, "build");
  if (!existsSync(serverEntry) || !existsSync(path.join(dir, "client/assets"))) return undefined;
  try {
    return readdirSync(dir, { recursive: true })
      .map(String)
      .sort()
      .map((file) => {
        const stats = statSync(path.join(dir, file));
        return `${file}:${stats.size}:${stats.mtimeMs}`;
      })
      .join("\n");
  } catch {
    return undefined; // a file vanished mid-listing: a build is running
  }
}

/**
 * Each server runs in its own temporary directory holding a private copy of build/, so a rebuild
 * in the shared working tree while tests run cannot swap or delete files under a running server.
 * The directory's other entries (db/, public/, node_modules/, package.json …) are symlinks to the
 * repository, because the server resolves them relative to its working directory. A copy taken
 * while a build is being written is detected (build/ changed during the copy) and taken again.
 */
async function makeServerDirectory(): Promise<{ root: string; appDir: string; dataDir: string }> {
  const root = mkdtempSync(path.join(tmpdir(), "laneway-server-"));
  const appDir = path.join(root, "app");
  const dataDir = path.join(root, "data");
  mkdirSync(appDir);
  mkdirSync(dataDir);
  for (const entry of readdirSync(repoRoot)) {
    if (entry === "build" || entry === "data" || entry === ".git") continue;
    symlinkSync(path.join(repoRoot, entry), path.join(appDir, entry));
  }
  const deadline = Date.now() + 20_000;
  for (;;) {
    const before = buildFingerprint();
    if (before !== undefined) {
      try {
        cpSync(path.join(repoRoot, "build"), path.join(appDir, "build"), { recursive: true });
        if (buildFingerprint() === before) return { root, appDir, dataDir };
      } catch {
        // build/ changed under the copy; try again
      }
      rmSync(path.join(appDir, "build"), { recursive: true, force: true });
    }
    if (Date.now() >= deadline) {
      rmSync(root, { recursive: true, force: true });
      throw new Error(
        `${serverEntry} is missing or keeps changing: run \`npx react-router build\` before the server integration tests`,
      );
    }
    await sleep(500);
  }
}

/** A port that was free on 127.0.0.1 a moment ago. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Thrown from a `waitFor` check to stop polling at once (the condition can no longer become true). */
export class StopWaiting extends Error {}

/**
 * Polls `check` until it returns a value other than undefined/false, or throws at the deadline
 * with the last value or error seen. Bounded: at most `timeoutMs`, polling every `intervalMs`.
 * Errors thrown by `check` count as "not yet", except StopWaiting, which ends the wait.
 */
export async function waitFor<T>(
  description: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 20_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
      last = value;
    } catch (error) {
      if (error instanceof StopWaiting) throw error;
      last = error;
    }
    if (Date.now() >= deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${description} (last: ${String(last)})`);
    }
    await sleep(intervalMs);
  }
}

function baseEnv(port: number, dataDir: string, extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...extra,
  };
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)) as NodeJS.ProcessEnv;
}

/** Runs `npm start`'s demo seed step in `appDir`; throws with its output when it fails. */
async function seedBeforeStart(appDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const seed = spawn(process.execPath, ["--import", "tsx", "scripts/db-seed.ts", "--on-start"], {
    cwd: appDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(seed);
  const output: string[] = [];
  seed.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  seed.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const code = await new Promise<number | null>((resolve) => {
    seed.once("close", resolve);
    seed.once("error", () => resolve(null));
  });
  children.delete(seed);
  if (code !== 0) throw new Error(`the demo seed step failed (exit code ${String(code)}):\n${output.join("")}`);
}

/** Starts `node build/server/index.js` without waiting for it to become healthy. */
export async function spawnServer(options: SpawnServerOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const { root, appDir, dataDir } = await makeServerDirectory();
  const env = baseEnv(port, dataDir, options.env ?? {});
  if (options.seedDemo) {
    try {
      await seedBeforeStart(appDir, env);
    } catch (error) {
      rmSync(root, { recursive: true, force: true });
      throw error;
    }
  }
  const child = spawn(process.execPath, ["build/server/index.js"], {
    cwd: appDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  const stdout: string[] = [];
  const stderr: string[] = [];
  const waiters = new Set<{ match: (line: string) => boolean; resolve: (line: string) => void }>();
  const onLine = (into: string[]) => (line: string) => {
    into.push(line);
    for (const waiter of waiters) {
      if (waiter.match(line)) {
        waiters.delete(waiter);
        waiter.resolve(line);
      }
    }
  };
  // Both streams must be read to the end before `exited` settles, so no line is lost.
  const stdoutDone = new Promise<void>((resolve) => {
    createInterface({ input: child.stdout! }).on("line", onLine(stdout)).on("close", resolve);
  });
  const stderrDone = new Promise<void>((resolve) => {
    createInterface({ input: child.stderr! }).on("line", onLine(stderr)).on("close", resolve);
  });
  const exited = new Promise<ExitResult>((resolve) => {
    child.once("exit", (code, signal) => {
      void Promise.all([stdoutDone, stderrDone]).then(() => {
        children.delete(child);
        rmSync(root, { recursive: true, force: true });
        resolve({ code, signal });
      });
    });
    child.once("error", () => {
      children.delete(child);
      rmSync(root, { recursive: true, force: true });
      resolve({ code: null, signal: null });
    });
  });
  const running = () => child.exitCode === null && child.signalCode === null;

  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid ?? -1,
    dataDir,
    child,
    stdout,
    stderr,
    exited,
    running,
    logLines() {
      return stdout.flatMap((line) => {
        if (!line.startsWith("{")) return [];
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      });
    },
    waitForLine(match, timeoutMs = 20_000) {
      const seen = [...stdout, ...stderr].find(match);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise<string>((resolve, reject) => {
        const waiter = {
          match,
          resolve: (line: string) => {
            clearTimeout(timer);
            resolve(line);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching output line within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
        void exited.then(() => {
          if (!waiters.delete(waiter)) return;
          clearTimeout(timer);
          reject(new Error(`server exited before printing the expected line\n${stderr.join("\n")}`));
        });
      });
    },
    async stop(signal = "SIGTERM", timeoutMs = 15_000) {
      if (!running()) return exited;
      child.kill(signal);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), timeoutMs);
      });
      const result = await Promise.race([exited, timeout]);
      clearTimeout(timer);
      if (result === "timeout") {
        child.kill("SIGKILL");
        await exited;
        throw new Error(`server did not exit within ${timeoutMs} ms of ${signal}; killed`);
      }
      return result;
    },
  };
  return server;
}

/**
 * Bound on how long a server may take to answer /healthz. Generous: a fresh PGlite data directory
 * plus migrations takes seconds, and much longer on a loaded machine. Hooks that start servers
 * need a timeout above this (see SERVER_HOOK_TIMEOUT_MS).
 */
export const STARTUP_TIMEOUT_MS = 120_000;
/** Timeout for a beforeAll that starts one server. */
export const SERVER_HOOK_TIMEOUT_MS = STARTUP_TIMEOUT_MS + 30_000;

/**
 * Starts the built server as `npm start` does (demo data first when SEED_DEMO is on) as a child
 * process on a free loopback port with a fresh temporary DATA_DIR and waits until GET /healthz
 * answers 200. The caller must `stop()` it.
 */
export async function startServer(
  options: SpawnServerOptions & { startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const attempts = options.port === undefined ? 3 : 1;
  for (let attempt = 1; ; attempt++) {
    const server = await spawnServer({ seedDemo: true, ...options });
    try {
      await waitFor(
        `GET ${server.url}/healthz`,
        async () => {
          if (!server.running())
            throw new StopWaiting(
              `server exited early (exit code ${String(server.child.exitCode)}, signal ${String(server.child.signalCode)})`,
            );
          return (await httpRequest(`${server.url}/healthz`, { timeoutMs: 2000 })).status === 200;
        },
        { timeoutMs: options.startTimeoutMs ?? STARTUP_TIMEOUT_MS, intervalMs: 100 },
      );
      return server;
    } catch (error) {
      if (server.running()) await server.stop("SIGKILL").catch(() => undefined);
      await server.exited;
      // Another process may have taken the port between choosing it and binding it.
      const portTaken = server.stderr.some((line) => line.includes("EADDRINUSE"));
      if (portTaken && attempt < attempts) continue;
      throw new Error(
        `server did not become healthy: ${String(error)}\n--- stdout ---\n${server.stdout.join("\n")}\n--- stderr ---\n${server.stderr.join("\n")}`,
      );
    }
  }
}

export interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as received (still compressed when Content-Encoding is set). */
  body: Buffer;
  text(): string;
}

/**
 * A plain HTTP/1.1 request with node:http: no automatic Accept-Encoding or decompression, so
 * headers and bodies are seen exactly as the server sent them.
 */
export function httpRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    agent?: http.Agent;
    localAddress?: string;
    timeoutMs?: number;
  } = {},
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: options.method ?? "GET",
        headers: options.headers ?? {},
        agent: options.agent ?? false,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("aborted", () => reject(new Error("response aborted")));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            text: () => body.toString("utf8"),
          });
        });
      },
    );
    request.setTimeout(options.timeoutMs ?? 10_000, () => request.destroy(new Error(`request to ${url} timed out`)));
    request.on("error", reject);
    request.end();
  });
}
