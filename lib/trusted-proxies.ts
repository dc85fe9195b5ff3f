import { BlockList, isIP } from "node:net";

const PRESETS: Record<string, [string, number, "ipv4" | "ipv6"][]> = {
  loopback: [
    ["127.0.0.0", 8, "ipv4"],
    ["::1", 128, "ipv6"],
  ],
  linklocal: [
    ["169.254.0.0", 16, "ipv4"],
    ["fe80::", 10, "ipv6"],
  ],
  uniquelocal: [
    ["10.0.0.0", 8, "ipv4"],
    ["172.16.0.0", 12, "ipv4"],
    ["192.168.0.0", 16, "ipv4"],
    ["fc00::", 7, "ipv6"],
  ],
};

/** Normalises IPv4-mapped IPv6 addresses (::ffff:1.2.3.4) to plain IPv4. */
export function normaliseAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

/**
 * Parses TRUSTED_PROXIES: a comma-separated list of addresses, CIDR ranges and the presets
 * `loopback`, `linklocal` and `uniquelocal`. Throws on an entry it cannot read.
 */
export function parseTrustedProxies(value: string): BlockList {
  const list = new BlockList();
  for (const entry of value
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const preset = PRESETS[entry.toLowerCase()];
    if (preset) {
      for (const [network, prefix, family] of preset) list.addSubnet(network, prefix, family);
      continue;
    }
    const [address = "", prefixText] = entry.split("/");
    const family = isIP(address);
    if (family === 0) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an address, a CIDR range or a preset`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefixText === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const prefix = Number(prefixText);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" has an invalid prefix length`);
    }
    list.addSubnet(address, prefix, type);
  }
  return list;
}

/** Whether the address (a socket peer or a forwarding hop) is one of the trusted proxies. */
export function isTrustedProxy(list: BlockList, address: string | undefined): boolean {
  const normalised = normaliseAddress(address ?? "");
  const family = isIP(normalised);
  return family !== 0 && list.check(normalised, family === 4 ? "ipv4" : "ipv6");
}

const LOOPBACK = parseTrustedProxies("loopback");

/** Whether a client address is this machine's own (127.0.0.0/8, ::1, or IPv4-mapped loopback). */
export function isLoopbackAddress(address: string): boolean {
  return isTrustedProxy(LOOPBACK, address);
}

/** One X-Forwarded-For entry as an address: accepts `1.2.3.4:port` and `[v6]:port`; undefined when unreadable. */
function parseHop(entry: string): string | undefined {
  let hop = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(hop);
  if (bracketed?.[1]) hop = bracketed[1];
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(hop)) hop = hop.slice(0, hop.lastIndexOf(":"));
  hop = normaliseAddress(hop);
  return isIP(hop) === 0 ? undefined : hop;
}

/**
 * The client address for a request. X-Forwarded-For is believed only hop by hop from the socket
 * peer inwards while each hop is a trusted proxy, so a client cannot spoof its address.
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trusted: BlockList,
): string {
  let client = normaliseAddress(socketAddress ?? "");
  if (!client) return "unknown";
  const hops = forwardedFor === undefined || forwardedFor.trim() === "" ? [] : forwardedFor.split(",");
  while (isTrustedProxy(trusted, client) && hops.length > 0) {
    const hop = parseHop(hops.pop() as string);
    // An entry that is not an address ends the chain: skipping it would let the entries before
    // it, which the client wrote, be believed. The last trusted hop is then the best we know.
    if (hop === undefined) break;
    client = hop;
  }
  return client;
}
