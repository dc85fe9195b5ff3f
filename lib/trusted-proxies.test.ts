import { describe, expect, it } from "vitest";
import { isTrustedProxy, normaliseAddress, parseTrustedProxies, resolveClientAddress } from "~/lib/trusted-proxies";

describe("normaliseAddress", () => {
  it("turns IPv4-mapped IPv6 into plain IPv4 and trims", () => {
    expect(normaliseAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(normaliseAddress("::FFFF:127.0.0.1")).toBe("127.0.0.1");
    expect(normaliseAddress("  198.51.100.1 ")).toBe("198.51.100.1");
    expect(normaliseAddress("2001:db8::1")).toBe("2001:db8::1");
  });
});

describe("parseTrustedProxies", () => {
  it("trusts nothing when empty (the default)", () => {
    const list = parseTrustedProxies("");
    expect(isTrustedProxy(list, "127.0.0.1")).toBe(false);
    expect(isTrustedProxy(list, "::1")).toBe(false);
  });

  it("reads the loopback, linklocal and uniquelocal presets, case-insensitively", () => {
    const list = parseTrustedProxies("Loopback, linklocal,UNIQUELOCAL");
    for (const address of [
      "127.0.0.1",
      "127.9.9.9",
      "::1",
      "169.254.10.1",
      "fe80::1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "fd00::5",
    ]) {
      expect(isTrustedProxy(list, address), address).toBe(true);
    }
    for (const address of ["8.8.8.8", "172.32.0.1", "192.169.0.1", "2001:db8::1", "::2"]) {
      expect(isTrustedProxy(list, address), address).toBe(false);
    }
  });

  it("reads single addresses and CIDR ranges of both families", () => {
    const list = parseTrustedProxies("203.0.113.10, 198.51.100.0/24, 2001:db8::/32, 2001:db9::7");
    expect(isTrustedProxy(list, "203.0.113.10")).toBe(true);
    expect(isTrustedProxy(list, "203.0.113.11")).toBe(false);
    expect(isTrustedProxy(list, "198.51.100.200")).toBe(true);
    expect(isTrustedProxy(list, "198.51.101.1")).toBe(false);
    expect(isTrustedProxy(list, "2001:db8:ffff::1")).toBe(true);
    expect(isTrustedProxy(list, "2001:db9::7")).toBe(true);
    expect(isTrustedProxy(list, "2001:db9::8")).toBe(false);
  });

  it("matches IPv4-mapped socket addresses against IPv4 entries", () => {
    expect(isTrustedProxy(parseTrustedProxies("loopback"), "::ffff:127.0.0.1")).toBe(true);
  });

  it("treats a missing or non-address peer as untrusted", () => {
    const list = parseTrustedProxies("loopback");
    expect(isTrustedProxy(list, undefined)).toBe(false);
    expect(isTrustedProxy(list, "")).toBe(false);
    expect(isTrustedProxy(list, "localhost")).toBe(false);
  });

  it("rejects entries it cannot read, naming the entry", () => {
    expect(() => parseTrustedProxies("loopback, proxy.internal")).toThrow(/"proxy\.internal" is not an address/);
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow(/"10\.0\.0\.0\/33" has an invalid prefix length/);
    expect(() => parseTrustedProxies("2001:db8::/129")).toThrow(/invalid prefix length/);
    expect(() => parseTrustedProxies("10.0.0.0/abc")).toThrow(/invalid prefix length/);
    expect(() => parseTrustedProxies("10.0.0.0/-1")).toThrow(/invalid prefix length/);
    expect(() => parseTrustedProxies("*")).toThrow(/TRUSTED_PROXIES/);
  });
});

describe("resolveClientAddress", () => {
  const none = parseTrustedProxies("");
  const loopback = parseTrustedProxies("loopback");

  it("uses the socket address when no proxy is trusted, ignoring X-Forwarded-For", () => {
    expect(resolveClientAddress("127.0.0.1", "203.0.113.7", none)).toBe("127.0.0.1");
    expect(resolveClientAddress("198.51.100.4", undefined, none)).toBe("198.51.100.4");
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", () => {
    expect(resolveClientAddress("198.51.100.4", "203.0.113.7", loopback)).toBe("198.51.100.4");
    expect(resolveClientAddress("::ffff:198.51.100.4", "127.0.0.1", loopback)).toBe("198.51.100.4");
  });

  it("takes the hop a trusted proxy appended", () => {
    expect(resolveClientAddress("127.0.0.1", "203.0.113.7", loopback)).toBe("203.0.113.7");
    expect(resolveClientAddress("::1", "2001:db8::42", loopback)).toBe("2001:db8::42");
    expect(resolveClientAddress("::ffff:127.0.0.1", "::ffff:203.0.113.7", loopback)).toBe("203.0.113.7");
  });

  it("never believes entries the client wrote in front of the trusted hops", () => {
    // The client sent "X-Forwarded-For: 1.1.1.1"; the proxy appended the address it saw.
    expect(resolveClientAddress("127.0.0.1", "1.1.1.1, 203.0.113.7", loopback)).toBe("203.0.113.7");
    expect(resolveClientAddress("127.0.0.1", "1.1.1.1,203.0.113.7", loopback)).toBe("203.0.113.7");
  });

  it("walks back through a chain of trusted proxies to the first untrusted hop", () => {
    const chain = parseTrustedProxies("loopback, 10.0.0.0/8");
    expect(resolveClientAddress("127.0.0.1", "1.1.1.1, 203.0.113.7, 10.0.0.5, 10.0.0.6", chain)).toBe("203.0.113.7");
    // Every hop trusted: the furthest one is the best answer there is.
    expect(resolveClientAddress("127.0.0.1", "10.0.0.5", chain)).toBe("10.0.0.5");
  });

  it("stops at an entry that is not an address instead of skipping it", () => {
    // Skipping "garbage" would make the client-written 1.1.1.1 the answer.
    expect(resolveClientAddress("127.0.0.1", "1.1.1.1, garbage", loopback)).toBe("127.0.0.1");
    expect(resolveClientAddress("127.0.0.1", "1.1.1.1, ", loopback)).toBe("127.0.0.1");
    const chain = parseTrustedProxies("loopback, 10.0.0.0/8");
    expect(resolveClientAddress("127.0.0.1", "1.1.1.1, unknown, 10.0.0.5", chain)).toBe("10.0.0.5");
  });

  it("reads hops written with a port", () => {
    expect(resolveClientAddress("127.0.0.1", "1.1.1.1, 203.0.113.7:51234", loopback)).toBe("203.0.113.7");
    expect(resolveClientAddress("127.0.0.1", "[2001:db8::42]:443", loopback)).toBe("2001:db8::42");
    expect(resolveClientAddress("127.0.0.1", "[2001:db8::42]", loopback)).toBe("2001:db8::42");
  });

  it("uses the socket address when a trusted proxy sends no or an empty header", () => {
    expect(resolveClientAddress("127.0.0.1", undefined, loopback)).toBe("127.0.0.1");
    expect(resolveClientAddress("127.0.0.1", "", loopback)).toBe("127.0.0.1");
    expect(resolveClientAddress("127.0.0.1", "   ", loopback)).toBe("127.0.0.1");
  });

  it("says unknown when there is no socket address", () => {
    expect(resolveClientAddress(undefined, "203.0.113.7", loopback)).toBe("unknown");
    expect(resolveClientAddress("", undefined, none)).toBe("unknown");
  });
});
