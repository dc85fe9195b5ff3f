import type { Logger } from "~/lib/logger.server";

const inFlight = new Set<Promise<void>>();

/**
 * Runs work the answer to a request must not wait for (or reveal anything through its timing),
 * such as looking up an account and queueing its e-mail. Failures are logged, never shown.
 * Graceful shutdown waits for whatever is still running (`settleBackgroundTasks`).
 */
export function runInBackground(name: string, work: () => Promise<unknown>, logger: Pick<Logger, "error">): void {
  const task: Promise<void> = work()
    .then(() => undefined)
    .catch((error: unknown) => logger.error({ err: error, task: name }, "background task failed"))
    .finally(() => inFlight.delete(task));
  inFlight.add(task);
}

export async function settleBackgroundTasks(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}
