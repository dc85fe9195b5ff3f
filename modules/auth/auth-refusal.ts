/**
 * Why an auth or account step changed nothing. The page layer turns it into a status code and the
 * API into problem details; the module only says what happened.
 */
export type AuthRefusal =
  | "invalid"
  | "unauthorized"
  | "forbidden"
  | "not-found"
  | "conflict"
  | "rate-limited"
  /** A fault on our side or the auth library's (logged), not the user's doing. */
  | "failed";
