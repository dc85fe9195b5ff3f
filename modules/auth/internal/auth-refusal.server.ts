import { isAPIError } from "better-auth/api";
import type { AuthRefusal } from "~/modules/auth/auth-refusal";

const REFUSALS: Partial<Record<string, AuthRefusal>> = {
  UNAUTHORIZED: "unauthorized",
  FORBIDDEN: "forbidden",
  NOT_FOUND: "not-found",
  CONFLICT: "conflict",
  TOO_MANY_REQUESTS: "rate-limited",
};
const FAULTS = new Set([
  "INTERNAL_SERVER_ERROR",
  "NOT_IMPLEMENTED",
  "BAD_GATEWAY",
  "SERVICE_UNAVAILABLE",
  "GATEWAY_TIMEOUT",
]);

/**
 * What an error from the auth library stands for: a refusal of the user's input (with the
 * library's own message, if any), or `null` for a fault — anything that is not the library's
 * API error, or one it reports as its own failure.
 */
export function libraryRefusal(
  error: unknown,
): { reason: Exclude<AuthRefusal, "failed">; message?: string; code?: string } | null {
  if (!isAPIError(error) || FAULTS.has(String(error.status))) return null;
  const reason = REFUSALS[String(error.status)] ?? "invalid";
  return {
    reason: reason === "failed" ? "invalid" : reason,
    message: error.body?.message || undefined,
    code: error.body?.code,
  };
}
