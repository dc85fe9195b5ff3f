import pino from "pino";

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
// Read directly (not through env()) so importing the logger never throws; env() validates LOG_LEVEL at boot.
const requested = process.env.LOG_LEVEL ?? "";
const level = LEVELS.includes(requested) ? requested : "info";

/** One JSON logger for the process; request log lines carry the request id. */
export const logger = pino({
  level,
  base: { service: "laneway-rooms" },
  redact: { paths: ["password", "*.password", "headers.cookie", "headers.authorization"], remove: true },
});

export type Logger = typeof logger;
