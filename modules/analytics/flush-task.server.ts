import type { Database } from "~/lib/db/client.server";
import type { Logger } from "~/lib/logger.server";
import { startPeriodicTask } from "~/lib/periodic-task.server";
import type { ListingCounter } from "~/modules/analytics/listing-counter.server";

/**
 * Writes the counted listing analytics every `intervalMs` (at most 10 s), and once more when stopped,
 * so a graceful shutdown loses nothing and a crash at most one window.
 */
export function startAnalyticsFlush(
  deps: () => { db: Database; analytics: ListingCounter },
  options: { intervalMs: number; logger: Pick<Logger, "error"> },
) {
  const task = startPeriodicTask({
    name: "listing-analytics-flush",
    intervalMs: options.intervalMs,
    logger: options.logger,
    run: async () => {
      const { db, analytics } = deps();
      await analytics.flush(db);
    },
  });
  return {
    async stop() {
      await task.stop();
      const { db, analytics } = deps();
      await analytics.flush(db);
    },
  };
}
