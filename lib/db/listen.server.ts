import pg from "pg";

/** Stops listening; resolves once the listening connection is closed. */
export type StopListening = () => Promise<void>;

const CHANNEL = /^[a-z_]{1,63}$/;
/** Wait before opening the listening connection again after it failed or was lost. */
const RECONNECT_DELAY_MS = 2_000;

/**
 * LISTENs on `channel` over one connection of its own (a pooled connection would be handed to
 * queries and lose the subscription). PostgreSQL delivers a NOTIFY sent inside a transaction only
 * when it commits, so a listener never hears of rows it cannot yet read. A lost connection is
 * opened again, and `onNotify` is called once it is back, since notifications sent meanwhile are gone.
 */
export function listenOnPostgres(connectionString: string, channel: string, onNotify: () => void): StopListening {
  if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  function reconnectLater(lost: pg.Client) {
    if (stopped || client !== lost) return;
    client = undefined;
    lost.end().catch(() => {});
    retry = setTimeout(() => void connect(), RECONNECT_DELAY_MS);
    retry.unref();
  }

  async function connect() {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 3000 });
    client = next;
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify();
    });
    next.on("error", () => reconnectLater(next));
    next.on("end", () => reconnectLater(next));
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
      onNotify();
    } catch {
      reconnectLater(next);
    }
  }

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
