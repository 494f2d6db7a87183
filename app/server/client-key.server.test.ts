import { describe, expect, it } from "vitest";
import { clientKey } from "./client-key.server";
import { parseSettings } from "./config.server";

describe("clientKey: what per-client limits count by", () => {
  it("keeps an IPv4 address whole, however it is carried", () => {
    expect(clientKey("203.0.113.7", 64)).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7", 64)).toBe("203.0.113.7");
    expect(clientKey("::FFFF:203.0.113.7", 64)).toBe("203.0.113.7");
    expect(clientKey("::ffff:cb00:7107", 64)).toBe("203.0.113.7");
    // Neighbours stay apart: one IPv4 address is one client.
    expect(clientKey("203.0.113.8", 64)).not.toBe(clientKey("203.0.113.7", 64));
  });

  it("counts every address of one IPv6 /64 as one client, whatever its spelling", () => {
    const spellings = [
      "2001:db8:1:2::1",
      "2001:0db8:0001:0002:0000:0000:0000:0001",
      "2001:DB8:1:2:ffff:ffff:ffff:ffff",
      "2001:db8:1:2:a:b:c:d",
      "2001:db8:1:2::",
      "2001:db8:1:2::9%eth0",
    ];
    for (const address of spellings) expect(clientKey(address, 64), address).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:3::1", 64)).toBe("2001:db8:1:3::/64");
    expect(clientKey("::1", 64)).toBe("::/64");
  });

  it("follows the prefix length it is given: a /48 joins the /64s of one site", () => {
    expect(clientKey("2001:db8:1:2::1", 48)).toBe("2001:db8:1::/48");
    expect(clientKey("2001:db8:1:ffff::1", 48)).toBe("2001:db8:1::/48");
    expect(clientKey("2001:db8:2::1", 48)).toBe("2001:db8:2::/48");
    // A prefix that does not end on a byte.
    expect(clientKey("2001:db8:1:2::1", 60)).toBe("2001:db8:1::/60");
    expect(clientKey("2001:db8:1:1f::1", 60)).toBe("2001:db8:1:10::/60");
    expect(clientKey("2001:db8::1", 128)).toBe("2001:db8::1/128");
  });

  it("reads the prefix length from RATE_LIMIT_IPV6_PREFIX, 64 unless set, and refuses one past 128", () => {
    expect(parseSettings({}).RATE_LIMIT_IPV6_PREFIX).toBe(64);
    expect(parseSettings({ RATE_LIMIT_IPV6_PREFIX: "48" }).RATE_LIMIT_IPV6_PREFIX).toBe(48);
    expect(() => parseSettings({ RATE_LIMIT_IPV6_PREFIX: "129" })).toThrow(/RATE_LIMIT_IPV6_PREFIX/);
    expect(() => parseSettings({ RATE_LIMIT_IPV6_PREFIX: "0" })).toThrow(/RATE_LIMIT_IPV6_PREFIX/);
    expect(clientKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
  });

  it("gives what is not an address a key of its own", () => {
    expect(clientKey(undefined, 64)).toBe("unknown");
    expect(clientKey("", 64)).toBe("unknown");
    expect(clientKey("not-an-address", 64)).toBe("not-an-address");
  });
});
