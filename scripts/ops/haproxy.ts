/**
 * Debian's HAProxy as the load balancer in front of one or more app instances, on loopback: the
 * configuration and the admin socket live in a directory of their own, and HAProxy runs in the
 * foreground as a child of the script (never the system's haproxy service), logging to its stderr.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sleep, type Cleanup } from "../bench/support";
import { startOnBusyPort, waitUntilListening } from "./ports";

/** How often each instance's /readyz is checked, and how many answers in a row change its state. */
export const HEALTH_CHECK = { interMs: 500, fall: 2, rise: 2, timeoutMs: 1000 };

export interface ServerStats {
  /** `UP`, `DOWN`, or a transition such as `UP 1/2` (one failed check of the two that take it out). */
  status: string;
  /** Requests retried on this server after a failed connection. */
  retries: number;
  /** Requests moved from this server to another one. */
  redispatches: number;
}

export interface Haproxy {
  url: string;
  /** Per server (named after its upstream's position: `s1`, `s2`, …), from the admin socket. */
  stats(): Promise<Record<string, ServerStats>>;
  /** Waits (bounded) until the server's state is `state`; returns the milliseconds it took. */
  waitForState(server: string, state: "UP" | "DOWN", timeoutMs?: number): Promise<number>;
  /** HAProxy's log so far: server state changes and requests that failed, were retried or redispatched. */
  errorLog(): string;
}

/**
 * The proxy configuration the cluster check uses, and the one docs/operations.md shows.
 * - Active health checks on GET /readyz: an instance that has received SIGTERM answers 503 at once
 *   and is taken out of rotation after `fall` checks, while it still accepts for its drain delay
 *   (SHUTDOWN_DRAIN_DELAY_MS, longer than inter × fall + the check's timeout), so no new
 *   connection is sent to a listener about to close.
 * - One request per connection to the instances (`http-server-close`; clients keep theirs alive), so
 *   a request is never sent on a connection the instance is closing while it drains.
 * - Only a failed connection is retried (`retry-on conn-failure`: nothing was sent, safe for every
 *   method), on the other instance (`option redispatch 1`). A request already sent is never
 *   retried: a create is not repeated.
 */
export function haproxyConfig({ dir, port, upstreams }: { dir: string; port: number; upstreams: number[] }): string {
  const servers = upstreams.map((upstream, index) => `  server s${index + 1} 127.0.0.1:${upstream}`);
  return `global
  log stderr format raw local0 info
  stats socket ${dir}/admin.sock mode 600 level admin
  maxconn 2000

defaults
  mode http
  log global
  option httplog
  # Only requests that failed, were retried or redispatched, or answered 5xx; not empty connections.
  option dontlog-normal
  option dontlognull
  option log-health-checks
  timeout connect 1s
  timeout client 60s
  timeout http-request 10s
  timeout http-keep-alive 60s
  timeout server 30s
  timeout check ${HEALTH_CHECK.timeoutMs}ms

frontend public
  bind 127.0.0.1:${port}
  default_backend app

backend app
  balance roundrobin
  # The app believes X-Forwarded-For only from addresses in TRUSTED_PROXIES (here: loopback).
  option forwardfor
  http-request set-header X-Forwarded-Proto http
  option http-server-close
  option httpchk GET /readyz
  http-check expect status 200
  retry-on conn-failure
  retries 2
  option redispatch 1
  default-server check inter ${HEALTH_CHECK.interMs}ms fall ${HEALTH_CHECK.fall} rise ${HEALTH_CHECK.rise}
${servers.join("\n")}
`;
}

/** One command on HAProxy's admin socket; its whole answer. */
function adminCommand(socketPath: string, command: string, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(socketPath, () => socket.end(`${command}\n`));
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`"${command}" on ${socketPath} timed out`)));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

/** `show stat` CSV: one row per frontend, backend and server, named by the header line. */
function parseStats(csv: string): Record<string, ServerStats> {
  const [header, ...rows] = csv.split("\n").filter((line) => line.trim() !== "");
  const columns = (header ?? "").replace(/^# /, "").split(",");
  const at = (fields: string[], name: string) => fields[columns.indexOf(name)] ?? "";
  const servers: Record<string, ServerStats> = {};
  for (const row of rows) {
    const fields = row.split(",");
    const name = at(fields, "svname");
    if (at(fields, "pxname") !== "app" || name === "BACKEND" || name === "FRONTEND") continue;
    servers[name] = {
      status: at(fields, "status"),
      retries: Number(at(fields, "wretr") || 0),
      redispatches: Number(at(fields, "wredis") || 0),
    };
  }
  return servers;
}

/** Starts HAProxy on `port` in front of `upstreams`; the cleanup stops it and removes its directory. */
export async function startHaproxy(
  cleanup: Cleanup,
  options: { port: number; upstreams: number[]; prefix: string },
): Promise<Haproxy> {
  return startOnBusyPort(() => startHaproxyOnce(cleanup, options), /Address already in use|cannot bind socket/);
}

async function startHaproxyOnce(
  cleanup: Cleanup,
  { port, upstreams, prefix }: { port: number; upstreams: number[]; prefix: string },
): Promise<Haproxy> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanup.add(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  const config = path.join(dir, "haproxy.cfg");
  writeFileSync(config, haproxyConfig({ dir, port, upstreams }));
  // -db: stay in the foreground (no daemon, no master process); -f: this configuration only.
  const child = spawn(process.env.HAPROXY ?? "/usr/sbin/haproxy", ["-db", "-f", config], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    if (output.length < 5000) output.push(chunk.toString("utf8"));
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.once("error", (error) => {
      output.push(`${String(error)}\n`);
      resolve();
    });
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  // Last resort (an unexpected exit of the script): never leave HAProxy behind.
  const killNow = () => {
    if (running()) child.kill("SIGKILL");
  };
  process.once("exit", killNow);
  const errorLog = () => output.join("");
  cleanup.add(`stop haproxy on ${port}`, async () => {
    process.off("exit", killNow);
    if (!running()) return;
    child.kill("SIGUSR1"); // soft stop: stop listening, finish open requests
    await Promise.race([exited, sleep(10_000)]);
    if (running()) child.kill("SIGKILL");
  });
  await waitUntilListening(port, { running, name: "haproxy", log: errorLog });
  const socketPath = path.join(dir, "admin.sock");
  const stats = async () => parseStats(await adminCommand(socketPath, "show stat"));
  const waitForState = async (server: string, state: "UP" | "DOWN", timeoutMs = 30_000) => {
    const started = Date.now();
    for (;;) {
      const status = (await stats())[server]?.status;
      if (status === state) return Date.now() - started;
      if (Date.now() - started >= timeoutMs)
        throw new Error(`haproxy did not see ${server} ${state} within ${timeoutMs} ms (last: ${String(status)})`);
      await sleep(50);
    }
  };
  return { url: `http://127.0.0.1:${port}`, stats, waitForState, errorLog };
}
