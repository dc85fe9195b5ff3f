import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";

/**
 * Throwaway PostgreSQL servers made with Debian's PostgreSQL binaries: a primary with WAL for
 * streaming, and streaming replicas of it made with pg_basebackup. Everything lives in one
 * directory under /tmp and on the ports given, so tests can stop, pause and restart these servers
 * without touching any other PostgreSQL on the machine.
 */

/** The directory of initdb, pg_ctl and pg_basebackup; throws a clear error when they are missing. */
export function postgresBinaries(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(path.join(root, version, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const [newest] = versions;
  if (!newest) {
    throw new Error(
      "PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) not found under /usr/lib/postgresql/<version>/bin: " +
        "install Debian's postgresql package (apt-get install -y postgresql) to run the read-replica tests",
    );
  }
  return path.join(root, newest, "bin");
}

export interface PostgresServer {
  port: number;
  dataDir: string;
  /** Connection string for the `postgres` database as the `postgres` user. */
  url: string;
  start(): void;
  /** Stops at once (no shutdown checkpoint), as a crash or a lost machine would. */
  stopImmediately(): void;
  /** Runs one statement and returns its rows. */
  query<T extends pg.QueryResultRow>(text: string): Promise<T[]>;
}

export interface ReplicatedCluster {
  primary: PostgresServer;
  replica: PostgresServer;
  /** Stops both servers and removes their files. */
  destroy(): void;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary as the postgres OS user (the server refuses to run as root). */
function run(binary: string, args: string[]): string {
  const file = path.join(postgresBinaries(), binary);
  const [command, commandArgs] = asRoot ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
  return execFileSync(command, commandArgs, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function server(baseDir: string, name: string, port: number): PostgresServer {
  const dataDir = path.join(baseDir, name);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    port,
    dataDir,
    url,
    start: () =>
      void run("pg_ctl", ["-D", dataDir, "-l", path.join(baseDir, `${name}.log`), "-w", "-t", "60", "start"]),
    stopImmediately: () => void run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]),
    async query<T extends pg.QueryResultRow>(text: string) {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      await client.connect();
      try {
        return (await client.query<T>(text)).rows;
      } finally {
        await client.end();
      }
    },
  };
}

/** Starts a primary on `primaryPort` and a streaming replica of it on `replicaPort`. */
export function startReplicatedCluster({
  primaryPort,
  replicaPort,
}: {
  primaryPort: number;
  replicaPort: number;
}): ReplicatedCluster {
  postgresBinaries();
  const baseDir = mkdtempSync("/tmp/rep-cluster-");
  if (asRoot) execFileSync("chown", ["postgres:postgres", baseDir]);
  const primary = server(baseDir, "primary", primaryPort);
  const replica = server(baseDir, "replica", replicaPort);
  const started: PostgresServer[] = [];
  const destroy = () => {
    for (const each of started.reverse()) {
      try {
        each.stopImmediately();
      } catch {
        // already stopped
      }
    }
    rmSync(baseDir, { recursive: true, force: true });
  };
  try {
    // Trust on loopback (replication connections included, as initdb writes them): a test cluster only.
    run("initdb", ["-D", primary.dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
    appendFileSync(
      path.join(primary.dataDir, "postgresql.conf"),
      [
        `port = ${primaryPort}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${baseDir}'`,
        "wal_level = replica",
        "max_wal_senders = 5",
        "hot_standby = on",
        "fsync = off",
        "shared_buffers = 32MB",
        "",
      ].join("\n"),
    );
    primary.start();
    started.push(primary);
    run("pg_basebackup", [
      ...["-h", "127.0.0.1", "-p", String(primaryPort), "-U", "postgres"],
      ...["-D", replica.dataDir, "-R", "-X", "stream", "-c", "fast"],
    ]);
    appendFileSync(path.join(replica.dataDir, "postgresql.conf"), `port = ${replicaPort}\n`);
    replica.start();
    started.push(replica);
  } catch (error) {
    destroy();
    throw error;
  }
  return { primary, replica, destroy };
}

/**
 * `count` loopback ports from `first`…`last` that nothing listens on now. Fixed ranges keep the
 * suite's servers off ports other processes pick at random, yet one of them may hold a port briefly.
 */
export async function freePortsIn(first: number, last: number, count: number): Promise<number[]> {
  const free: number[] = [];
  for (let port = first; port <= last && free.length < count; port++) {
    const available = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (available) free.push(port);
  }
  if (free.length < count) throw new Error(`fewer than ${count} free ports in ${first}-${last}`);
  return free;
}
