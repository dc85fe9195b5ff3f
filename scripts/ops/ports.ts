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
