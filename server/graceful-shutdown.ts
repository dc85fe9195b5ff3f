import type { Server, ServerResponse } from "node:http";
import net, { type Socket } from "node:net";
import type { Logger } from "~/lib/logger.server";

export interface ShutdownOptions {
  logger: Logger;
  /** Closes what the process holds open after the last request (the database). */
  cleanup: () => Promise<void>;
  /** Called as soon as shutdown starts, so readiness can report draining. */
  onStart: () => void;
  /**
   * How long to keep accepting and serving after the signal (readiness already 503) before the
   * listener closes: long enough for the load balancer's health checks to take the instance out of
   * rotation, so it is sent no new connection that closing the listener could reset. 0: none.
   */
  drainDelayMs?: number;
  /** How long closing may take once the listener is closed (after the drain delay). */
  timeoutMs?: number;
}

/** How long a keep-alive connection may sit idle while draining before it is closed. */
const DRAIN_IDLE_MS = 1000;

/**
 * On SIGTERM or SIGINT: report draining at once, keep serving for `drainDelayMs` (every response
 * then says `Connection: close`), then stop accepting connections, let in-flight requests finish,
 * close the database and exit. Anything still open when the deadline (the drain delay plus
 * `timeoutMs`) runs out is cut so the process ends in time; the default leaves room for cleanup and
 * process teardown within a 10 s budget after the delay.
 */
export function handleShutdown(
  server: Server,
  { logger, cleanup, onStart, drainDelayMs = 0, timeoutMs = 8_000 }: ShutdownOptions,
) {
  let started = false;
  // Responses whose headers are not sent yet: once draining they say `Connection: close`, so a
  // keep-alive client does not send its next request on a connection that is about to be closed
  // (that request would be reset); it opens a new one instead, which is refused (safe to retry).
  const unsent = new Set<ServerResponse>();
  // Per connection, how many of its responses have not been completely handed to the OS yet.
  const pending = new Map<Socket, number>();
  // Every open connection, so those without a request yet can be given the idle grace at shutdown.
  const connections = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
  });
  server.on("request", (request, response: ServerResponse) => {
    const socket = request.socket;
    // A request that arrived within the idle grace is served however long it takes.
    if (started) socket.setTimeout(0);
    pending.set(socket, (pending.get(socket) ?? 0) + 1);
    if (started) response.setHeader("Connection", "close");
    else unsent.add(response);
    // 'close' comes after 'finish' (the whole response is with the OS) or when the connection broke.
    response.once("close", () => {
      unsent.delete(response);
      const left = (pending.get(socket) ?? 1) - 1;
      if (left > 0) return void pending.set(socket, left);
      pending.delete(socket);
      // Draining: a connection whose response went out with headers sent before the signal (no
      // `Connection: close`) is closed after a short idle grace instead of at once, so a request the
      // client already sent on it is still served. (Destroying it, as closeIdleConnections() does,
      // can also cut off the unflushed end of a response that has already called end().)
      if (started && !socket.destroyed) socket.setTimeout(DRAIN_IDLE_MS);
    });
  });
  const stopAccepting = () => {
    if (drainDelayMs > 0) logger.info("drain delay over: no longer accepting connections");
    // Connections with nothing in flight (idle keep-alive ones, and ones just accepted whose request
    // is still being read) close after the idle grace unless a request arrives; busy ones close
    // after their last response (above).
    for (const socket of connections) if (!pending.has(socket)) socket.setTimeout(DRAIN_IDLE_MS);
    // Stops accepting connections. net.Server's close, not http.Server's: since Node 19 that one
    // also destroys every connection without a request in progress, including one accepted a moment
    // ago whose request has arrived but is not parsed yet, so a request the client (or the load
    // balancer) already sent was reset. The callback runs once every connection is gone.
    net.Server.prototype.close.call(server, (error?: Error) => {
      if (error) logger.warn({ err: error }, "server close reported an error");
      cleanup().then(
        () => {
          logger.info("shutdown complete");
          process.exit(0);
        },
        (cleanupError: unknown) => {
          logger.error({ err: cleanupError }, "cleanup failed during shutdown");
          process.exit(1);
        },
      );
    });
  };
  const shutdown = (signal: string) => {
    if (started) return;
    started = true;
    for (const response of unsent) if (!response.headersSent) response.setHeader("Connection", "close");
    unsent.clear();
    onStart();
    logger.info(
      { signal, drainDelayMs },
      drainDelayMs > 0
        ? "shutting down: readiness reports draining, still accepting until the drain delay ends"
        : "shutting down: finishing in-flight requests",
    );
    // Kept referenced: if cleanup ever waits on something that holds no handle open, the process
    // still ends through this deadline (logged) rather than exiting silently without closing.
    setTimeout(() => {
      logger.warn("shutdown timeout reached: closing remaining connections");
      server.closeAllConnections();
      process.exit(1);
    }, drainDelayMs + timeoutMs);
    // During the delay the listener stays open, so a connection the load balancer opened before its
    // health check saw 503 is accepted and served (with `Connection: close`, above and below).
    if (drainDelayMs > 0) setTimeout(stopAccepting, drainDelayMs);
    else stopAccepting();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}

/**
 * Waits for `work` at most `ms`, then goes on without it, saying so. Shutdown gives background work
 * time to finish, but a run stuck on a lost database connection must not keep the process from
 * closing the pool; and a pool ends only once its checked-out connections come back, so one stuck
 * until its query timeout must not keep the process from exiting (its end closes the sockets).
 */
export async function settleWithin(
  work: Promise<unknown>,
  ms: number,
  logger: Pick<Logger, "warn">,
  what = "background work",
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
  });
  const outcome = await Promise.race([work.then(() => "done" as const), timedOut]);
  clearTimeout(timer);
  if (outcome === "timeout")
    logger.warn({ waitedMs: ms }, `${what} did not finish within the shutdown's time: going on without it`);
}
