import net from "node:net";
import { sleep, startServer, type RunningServer } from "../bench/support";

/**
 * Starts a server on a fixed port, again if the port is briefly taken: the loopback ports these
 * checks use are in the kernel's ephemeral range, so any outgoing connection on the machine (or
 * the load's reconnecting sockets while a server is dead) can hold one for a moment.
 */
export async function startServerOn(...args: Parameters<typeof startServer>): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServer(...args);
    } catch (error) {
      if (attempt >= 10 || !String(error).includes("EADDRINUSE")) throw error;
      await sleep(500);
    }
  }
}

/** Whether something accepts connections on a loopback port. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

/**
 * Starts a proxy on a fixed port, again (up to five times) while the port is briefly taken, for the
 * same reason as startServerOn; `busy` recognises the proxy's own "address in use" error.
 */
export async function startOnBusyPort<T>(start: () => Promise<T>, busy: RegExp): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (attempt >= 5 || !busy.test(String(error))) throw error;
      await sleep(1000);
    }
  }
}

/** Waits up to 15 s for a started proxy to listen on `port`; fails at once if it has stopped. */
export async function waitUntilListening(
  port: number,
  { running, name, log }: { running: () => boolean; name: string; log: () => string },
): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await listening(port))) {
    if (!running() || Date.now() >= deadline) throw new Error(`${name} did not start on ${port}:\n${log()}`);
    await sleep(100);
  }
}
