import net from "node:net";

/** PostgreSQL frontend Terminate message. */
const TERMINATE = Buffer.from([0x58, 0, 0, 0, 4]);

export interface TcpProxyOptions {
  /** Where connections are forwarded; PostgreSQL on this machine by default. */
  targetHost?: string;
  targetPort?: number;
  /** Loopback port to listen on; a free one by default. */
  port?: number;
}

/**
 * A small TCP forwarder on 127.0.0.1 used to simulate a database outage without touching the
 * shared PostgreSQL: `cut()` stops listening and destroys every open connection (new connections
 * are refused), `restore()` listens again on the same port.
 */
export class TcpProxy {
  readonly targetHost: string;
  readonly targetPort: number;
  #port: number;
  #server: net.Server | undefined;
  readonly #sockets = new Set<net.Socket>();
  /** Connections accepted since the proxy started (across restores). */
  accepted = 0;
  /**
   * Client connections that ended with a PostgreSQL Terminate message ('X', length 4): the client
   * closed its connection deliberately (pool.end()), rather than dying or being cut off.
   */
  terminated = 0;

  private constructor(options: TcpProxyOptions) {
    this.targetHost = options.targetHost ?? "127.0.0.1";
    this.targetPort = options.targetPort ?? 5432;
    this.#port = options.port ?? 0;
  }

  static async start(options: TcpProxyOptions = {}): Promise<TcpProxy> {
    const proxy = new TcpProxy(options);
    await proxy.restore();
    return proxy;
  }

  get port(): number {
    return this.#port;
  }

  get listening(): boolean {
    return this.#server !== undefined;
  }

  /** Open connections (client side and upstream side each count). */
  get openSockets(): number {
    return this.#sockets.size;
  }

  /** Rewrites a connection string so it goes through this proxy. */
  rewrite(connectionString: string): string {
    const url = new URL(connectionString);
    url.hostname = "127.0.0.1";
    url.port = String(this.#port);
    return url.toString();
  }

  #track(socket: net.Socket): void {
    this.#sockets.add(socket);
    socket.once("close", () => this.#sockets.delete(socket));
  }

  #onConnection = (client: net.Socket): void => {
    this.accepted += 1;
    this.#track(client);
    const upstream = net.connect({ host: this.targetHost, port: this.targetPort });
    this.#track(upstream);
    // Either side failing or closing tears down the pair, as a real network cut would.
    const teardown = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", teardown).on("close", teardown);
    let tail = Buffer.alloc(0);
    client.on("data", (chunk: Buffer) => {
      tail = Buffer.concat([tail, chunk]).subarray(-5);
    });
    // Checked on close, whatever closed it first: PostgreSQL may hang up as soon as it reads the Terminate.
    client.once("close", () => {
      if (tail.equals(TERMINATE)) this.terminated += 1;
    });
    upstream.on("error", teardown).on("close", teardown);
    client.pipe(upstream);
    upstream.pipe(client);
  };

  /** Starts listening (again) on the proxy's port. */
  async restore(): Promise<void> {
    if (this.#server) return;
    const server = net.createServer(this.#onConnection);
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen({ port: this.#port, host: "127.0.0.1", exclusive: true }, () => {
        server.off("error", reject);
        resolve();
      });
    });
    this.#port = (server.address() as net.AddressInfo).port;
    this.#server = server;
  }

  /** Simulates the database going away: refuse new connections and drop every open one. */
  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    for (const socket of this.#sockets) socket.destroy();
    await closed;
  }

  /** Stops the proxy for good. */
  async close(): Promise<void> {
    await this.cut();
  }
}
