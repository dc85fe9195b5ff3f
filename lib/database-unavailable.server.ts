/**
 * Telling "the database is not there" apart from a bug: a lost or refused connection, a server that
 * is shutting down or starting up, or a pool that cannot hand out a connection in time. Requests that
 * fail this way answer 503 with Retry-After (the instance is fine and recovers by itself once the
 * database is back), never 500.
 */

/** Seconds a client is told to wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND"]);
// SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, crash, starting up).
const SQLSTATE_UNAVAILABLE = /^(08...|57P0[1-4])$/;
const MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Query read timeout",
];

/** True when `error`, or any error in its `cause` chain, says the database could not be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (NETWORK_CODES.has(code) || SQLSTATE_UNAVAILABLE.test(code))) return true;
    if (MESSAGES.some((message) => current instanceof Error && current.message.includes(message))) return true;
    // AggregateError (several addresses refused) carries the individual errors.
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = current.cause;
  }
  return false;
}

// Requests (by their load context) whose loader or action failed because the database was away.
const unavailableRequests = new WeakSet<object>();

/** Records that a request failed for want of the database (called from the route error handler). */
export function markDatabaseUnavailable(context: object | undefined, error: unknown): void {
  if (context && isDatabaseUnavailable(error)) unavailableRequests.add(context);
}

/** Whether `markDatabaseUnavailable` recorded this request. */
export function failedForDatabase(context: object): boolean {
  return unavailableRequests.has(context);
}
