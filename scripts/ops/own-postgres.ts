/**
 * A private PostgreSQL cluster for the fault and cluster checks: `initdb` into a temporary
 * directory, listening on loopback on a port of our choosing, so it can be stopped with
 * `pg_ctl stop -m immediate` (a crash, as far as PostgreSQL is concerned) without touching anyone
 * else's database. Run as root, the server runs as the `postgres` OS user (PostgreSQL refuses root).
 */
import { spawnSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Cleanup } from "../bench/support";

const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

export interface OwnPostgres {
  url: string;
  port: number;
  dataDir: string;
  /** `pg_ctl start`, waiting until it accepts connections. */
  start(): void;
  /** `pg_ctl stop -m immediate`: every backend is killed, recovery runs at the next start. */
  crash(): void;
}

function osUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
  return { uid: id("-u"), gid: id("-g") };
}

function run(args: string[], owner: { uid: number } | undefined): void {
  const [command, ...rest] = args as [string, ...string[]];
  const result = owner
    ? spawnSync("runuser", ["-u", "postgres", "--", command, ...rest], { encoding: "utf8" })
    : spawnSync(command, rest, { encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${args.join(" ")} failed (exit ${String(result.status)}):\n${result.stdout}\n${result.stderr}`);
  }
}

/** Creates (initdb) and starts a throwaway cluster on `port`; the cleanup stops and removes it. */
export function startOwnPostgres(cleanup: Cleanup, { port, prefix }: { port: number; prefix: string }): OwnPostgres {
  const owner = osUser();
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  if (owner) chownSync(root, owner.uid, owner.gid);
  const dataDir = path.join(root, "data");
  cleanup.add(`remove ${root}`, () => rmSync(root, { recursive: true, force: true }));
  run([path.join(PG_BIN, "initdb"), "-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync"], owner);
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${root} -c max_connections=100`;
  const pgCtl = (...args: string[]) => run([path.join(PG_BIN, "pg_ctl"), "-D", dataDir, ...args], owner);
  let running = false;
  const handle: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    start() {
      pgCtl("start", "-w", "-t", "60", "-l", path.join(root, "server.log"), "-o", options);
      running = true;
    },
    crash() {
      pgCtl("stop", "-m", "immediate", "-w");
      running = false;
    },
  };
  cleanup.add(`stop PostgreSQL on ${port}`, () => {
    if (running) pgCtl("stop", "-m", "immediate", "-w");
  });
  handle.start();
  return handle;
}
