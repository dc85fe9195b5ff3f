import type { AuthRefusal } from "~/modules/auth/auth-refusal";

const STATUS: Record<AuthRefusal, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "rate-limited": 429,
  failed: 500,
};

/** The HTTP status a page answers an auth or account refusal with. */
export function statusForRefusal(reason: AuthRefusal): number {
  return STATUS[reason];
}
