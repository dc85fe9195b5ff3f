/** What the sandbox clock can do to a subscription (the /dev/billing page and `npm run billing:clock`). */
export const SANDBOX_CLOCK_STEPS = [
  "trial-ends",
  "renewal-succeeds",
  "renewal-fails",
  "retries-exhausted",
  "cancelled",
] as const;
export type SandboxClockStep = (typeof SANDBOX_CLOCK_STEPS)[number];
