import { describe, expect, it } from "vitest";
import { devPagesAllowed } from "~/lib/dev-pages.server";

describe("devPagesAllowed", () => {
  it("opens the development pages to loopback clients in demo mode only", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) {
      expect(devPagesAllowed({ PRODUCTION: false }, address), address).toBe(true);
      expect(devPagesAllowed({ PRODUCTION: true }, address), address).toBe(false);
    }
  });

  it("keeps them from every other client, whatever the mode", () => {
    for (const address of ["203.0.113.9", "10.0.0.5", "192.168.1.20", "2001:db8::1", "fe80::1", "unknown", ""]) {
      expect(devPagesAllowed({ PRODUCTION: false }, address), address).toBe(false);
    }
  });
});
