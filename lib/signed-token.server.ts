import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * HMAC-SHA256 signatures for links that act without a session (unsubscribe, listing freshness).
 * The signed text names its purpose, so a signature made for one purpose never verifies another.
 */
export function signToken(secret: string, purpose: string, ...parts: string[]): string {
  return createHmac("sha256", secret)
    .update([purpose, ...parts].join("\n"))
    .digest("base64url");
}

/** Whether `signature` is `signToken(secret, purpose, ...parts)`, compared in constant time. */
export function verifyToken(secret: string, signature: string, purpose: string, ...parts: string[]): boolean {
  const expected = Buffer.from(signToken(secret, purpose, ...parts));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
