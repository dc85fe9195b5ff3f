import pg from "pg";

export interface ReplicaEvents {
  /** The replica stopped answering: reads go to the primary until it answers again. */
  onDown?: (error: Error) => void;
  /** The replica answers again and takes the reads back. */
  onUp?: () => void;
}

export interface ReplicaPoolOptions extends ReplicaEvents {
  url: string;
  /** Where reads go while the replica is away. */
  primary: pg.Pool;
  /** How long a connection attempt to the replica may take before the read goes to the primary. */
  connectTimeoutMs?: number;
  /** How often an unavailable replica is tried again. */
  retryIntervalMs?: number;
  /** PostgreSQL startup options for the replica's connections (`-c name=value …`). */
  startupOptions?: string;
}

/**
 * Reads against a streaming replica, falling back to the primary. Drizzle sees a pool (the class
 * name contains "Pool", so transactions check a client out through `connect`); every query tries
 * the replica and, when the replica cannot be reached, is answered by the primary instead: the
 * statements sent here are reads, so running one again elsewhere is safe. Once down, the replica
 * is skipped (no connect timeout paid per request) and probed in the background until it answers.
 */
export class ReplicaPool {
  private readonly replica: pg.Pool;
  private readonly primary: pg.Pool;
  private available = true;
  private probe: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: ReplicaPoolOptions) {
    this.primary = options.primary;
    this.replica = new pg.Pool({
      connectionString: options.url,
      max: 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 1000,
      idleTimeoutMillis: 30_000,
      query_timeout: 15_000,
      ...(options.startupOptions ? { options: options.startupOptions } : {}),
    });
    // A lost replica connection is expected (failover, restart): the next query notices and falls back.
    this.replica.on("connect", (client) => client.on("error", () => {}));
    this.replica.on("error", () => {});
  }

  async query(...args: unknown[]): Promise<unknown> {
    if (!this.available) return (this.primary.query as (...a: unknown[]) => Promise<unknown>)(...args);
    try {
      return await (this.replica.query as (...a: unknown[]) => Promise<unknown>)(...args);
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      this.markDown(error as Error);
      return (this.primary.query as (...a: unknown[]) => Promise<unknown>)(...args);
    }
  }

  async connect(): Promise<pg.PoolClient> {
    if (!this.available) return this.primary.connect();
    try {
      return await this.replica.connect();
    } catch (error) {
      this.markDown(error as Error);
      return this.primary.connect();
    }
  }

  async end(): Promise<void> {
    this.closed = true;
    clearTimeout(this.probe);
    await this.replica.end();
  }

  private markDown(error: Error): void {
    if (!this.available || this.closed) return;
    this.available = false;
    this.options.onDown?.(error);
    this.scheduleProbe();
  }

  private scheduleProbe(): void {
    this.probe = setTimeout(() => void this.tryReplica(), this.options.retryIntervalMs ?? 2000);
    this.probe.unref();
  }

  private async tryReplica(): Promise<void> {
    if (this.closed) return;
    try {
      // A standby that is still starting refuses with 57P03; one that answers serves reads again.
      await this.replica.query("select 1");
      this.available = true;
      this.options.onUp?.();
    } catch {
      this.scheduleProbe();
    }
  }
}

/**
 * Whether an error means the replica could not answer (rather than the statement being wrong):
 * socket and timeout errors carry no SQLSTATE; classes 08 (connection exception) and 57P
 * (shutting down, starting up) do; 40001 is a hot standby cancelling a read that conflicts with
 * replay, which the primary answers without conflict. Anything else (a bad statement) is the
 * caller's error and is thrown as is.
 */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
    return code.startsWith("08") || code.startsWith("57P") || code === "40001";
  }
  // Socket errors (ECONNREFUSED, ECONNRESET, …) and node-postgres's own connection and timeout errors.
  return typeof code === "string" || /connect|terminated|timeout/i.test(error.message);
}
