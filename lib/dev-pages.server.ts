import type { Env } from "~/lib/env.server";
import { isLoopbackAddress } from "~/lib/trusted-proxies";

/**
 * The development pages (/dev/*) show every e-mail the demo sent, sign-in links and codes included:
 * they exist only outside production, and only for a client on this machine.
 */
export function devPagesAllowed(config: Pick<Env, "PRODUCTION">, clientAddress: string): boolean {
  return !config.PRODUCTION && isLoopbackAddress(clientAddress);
}
