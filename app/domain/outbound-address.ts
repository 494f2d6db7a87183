/**
 * Which destinations the site's own requests (webhooks, booking-link
 * checks) may reach: public unicast addresses only. Anything else is this
 * machine, the salon's or the host's private network, or the cloud's
 * metadata service (169.254.169.254, fd00:ec2::254), which an owner's or a
 * manager's address must never make the server call (decision 104).
 *
 * Ranges are ipaddr.js's, from the IANA special-purpose registries
 * (RFC 6890): everything that is not plain unicast is refused. IPv6 forms
 * that carry an IPv4 address (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96,
 * the old ::a.b.c.d, 6to4) are judged by the IPv4 address they carry.
 */
import ipaddr from "ipaddr.js";

const REASONS: Readonly<Record<string, string>> = {
  loopback: "a loopback address (the server itself)",
  private: "a private network address",
  linkLocal: "a link-local address (where cloud metadata services answer)",
  uniqueLocal: "a private (unique-local) IPv6 address",
  carrierGradeNat: "a carrier-grade NAT address (a provider's internal network)",
  multicast: "a multicast address",
  unspecified: "the unspecified address (the server itself)",
  broadcast: "the broadcast address",
};

/** The IPv4 address an IPv6 one carries, when it is one of the forms that reach IPv4. */
function carriedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = address.range();
  const bytes = address.toByteArray();
  const lastFour = () => new ipaddr.IPv4(bytes.slice(12, 16));
  if (range === "ipv4Mapped" || range === "rfc6052" || range === "rfc6145") return lastFour();
  if (range === "6to4") return new ipaddr.IPv4(bytes.slice(2, 6));
  // ::a.b.c.d (deprecated "IPv4-compatible"): ipaddr.js calls it unicast.
  if (range === "unicast" && bytes.slice(0, 12).every((b) => b === 0)) return lastFour();
  return null;
}

/**
 * OUTBOUND_ALLOW_PRIVATE's value as the ranges (CIDR) it lets requests reach though they are internal:
 * "off" none, "on" every address, else ranges separated by commas ("10.1.0.0/16, fd12::/48"). Null when
 * a part is not a range.
 */
export function allowedRanges(value: string): string[] | null {
  if (value === "off") return [];
  if (value === "on") return ["0.0.0.0/0", "::/0"];
  const ranges = value.split(",").map((part) => part.trim());
  return ranges.every((range) => ipaddr.isValidCIDR(range)) ? ranges : null;
}

const within = (address: ipaddr.IPv4 | ipaddr.IPv6, ranges: readonly string[]) =>
  ranges.some((range) => {
    const [base, bits] = ipaddr.parseCIDR(range);
    return base.kind() === address.kind() && address.match([base, bits] as never);
  });

/**
 * Why the site may not send a request to this IP address (IPv4 in any form ipaddr.js parses, or IPv6), in
 * words for a form or a log line; null when it may: a public unicast address, or one within `allowed`
 * (allowedRanges). Not an IP address at all: refused too, since only a resolved address may be judged.
 */
export function refusedAddress(address: string, allowed: readonly string[] = []): string | null {
  if (!ipaddr.isValid(address)) return "not an IP address";
  const given = ipaddr.parse(address);
  const carried = given.kind() === "ipv6" ? carriedIPv4(given as ipaddr.IPv6) : null;
  const judged = carried ?? given;
  const range = judged.range();
  if (range === "unicast" || within(given, allowed) || within(judged, allowed)) return null;
  return REASONS[range] ?? `a reserved address (${range})`;
}

/**
 * Why a URL's host (as `new URL(…).hostname` gives it: IPv4 normalised to dotted decimal, IPv6 in brackets)
 * may not be sent to, judged before any lookup: an IP address outside public unicast, or a name of this
 * machine (localhost). Null for any other name: what it resolves to is checked when the request is made.
 */
export function refusedHost(hostname: string, allowed: readonly string[] = []): string | null {
  const host = hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();
  if ((host === "localhost" || host.endsWith(".localhost")) && refusedAddress("127.0.0.1", allowed))
    return "a name of the server itself (localhost)";
  return ipaddr.isValid(host) ? refusedAddress(host, allowed) : null;
}

/**
 * The form's message for an address whose host is refused, or null when the host may be sent to (its host
 * public, or within `allowed`: allowedRanges).
 */
export function internalAddressError(value: string, allowed: readonly string[] = []): string | null {
  let hostname: string;
  try {
    hostname = new URL(value.trim()).hostname;
  } catch {
    return null;
  }
  const reason = refusedHost(hostname, allowed);
  return reason ? `That address is ${reason}: the site only sends requests to addresses on the public internet.` : null;
}
