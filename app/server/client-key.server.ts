/**
 * The one key every per-client limit counts by (rate limits, the connections
 * and requests one client may hold, a visitor's Book click): an IPv4 address
 * as it is, and an IPv6 address by its network prefix. One IPv6 subscriber is
 * handed a whole /64 (RFC 6177, and what every ISP does), so counting by the
 * full address would give one machine 2^64 fresh allowances.
 */
import ipaddr from "ipaddr.js";
import { config } from "./config.server";

/**
 * The limit key of a client address, as Node or Express gives it (`req.ip`,
 * `socket.remoteAddress`): `"203.0.113.7"` for IPv4 and IPv4-mapped IPv6
 * (`::ffff:203.0.113.7`), `"2001:db8:1:2::/64"` for IPv6 (the address with
 * every bit past `ipv6PrefixLength` cleared, RFC 5952 spelling, zone dropped).
 * Anything that is not an address (a missing one reads "unknown") is its own
 * key. `ipv6PrefixLength` is RATE_LIMIT_IPV6_PREFIX unless given (1 to 128).
 */
export function clientKey(address: string | undefined, ipv6PrefixLength = config().RATE_LIMIT_IPV6_PREFIX): string {
  if (!address) return "unknown";
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() turns an IPv4-mapped IPv6 address into the IPv4 address it carries.
    parsed = ipaddr.process(address);
  } catch {
    return address;
  }
  if (parsed.kind() === "ipv4") return parsed.toString();
  const bytes = parsed.toByteArray();
  for (let bit = ipv6PrefixLength; bit < 128; bit++) {
    const index = bit >> 3;
    bytes[index] = (bytes[index] as number) & ~(0x80 >> (bit & 7));
  }
  return `${(ipaddr.fromByteArray(bytes) as ipaddr.IPv6).toRFC5952String()}/${ipv6PrefixLength}`;
}
