import type { Logger } from "~/lib/logger.server";

export interface PeriodicTaskOptions {
  /** Names the task in logs, and identifies it across development reloads of the server entry. */
  name: string;
  /** Time between the end of one run and the start of the next; the first run starts right away. */
  intervalMs: number;
  run: () => Promise<void>;
  logger: Pick<Logger, "error">;
}

export interface PeriodicTask {
  /** Runs as soon as possible: now if idle, else right after the run in progress. */
  runNow(): void;
  /** Stops the timer; resolves once a run in progress has finished. */
  stop(): Promise<void>;
}

const globalForTasks = globalThis as typeof globalThis & { __lanewayPeriodicTasks?: Map<string, PeriodicTask> };

/**
 * Runs `run` every `intervalMs`, never two runs at once, until stopped. A run that throws is
 * logged and the next one still happens. Starting a task of the same name again (a development
 * reload) stops the previous one first. The timer does not keep the process alive.
 */
export function startPeriodicTask({ name, intervalMs, run, logger }: PeriodicTaskOptions): PeriodicTask {
  const tasks = (globalForTasks.__lanewayPeriodicTasks ??= new Map());
  void tasks.get(name)?.stop();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  function schedule(delayMs: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      again = false;
      running = run()
        .catch((error: unknown) => logger.error({ err: error, task: name }, "periodic task failed"))
        .finally(() => {
          running = undefined;
          schedule(again ? 0 : intervalMs);
        });
    }, delayMs);
    timer.unref();
  }

  schedule(0);

  const task: PeriodicTask = {
    runNow() {
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (tasks.get(name) === task) tasks.delete(name);
      await running;
    },
  };
  tasks.set(name, task);
  return task;
}
