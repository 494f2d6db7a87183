import { describe, expect, it } from "vitest";
import { allowedRanges, internalAddressError, refusedAddress, refusedHost } from "./outbound-address";

/** The addresses the issue found accepted, and the ranges around them, as typed into a form. */
const INTERNAL_URLS: [string, RegExp][] = [
  ["https://127.0.0.1:8443/hooks", /loopback/],
  ["https://169.254.169.254/latest/meta-data/", /link-local/],
  ["https://10.0.0.1/", /private network/],
  ["https://0x7f.1/", /loopback/],
  ["https://2130706433/", /loopback/],
  ["https://0177.0.0.1/", /loopback/],
  ["https://127.1/", /loopback/],
  ["https://192.168.1.20/", /private network/],
  ["https://172.16.5.4/", /private network/],
  ["https://100.100.100.200/", /carrier-grade NAT/],
  ["https://0.0.0.0/", /unspecified/],
  ["https://224.0.0.251/", /multicast/],
  ["https://[::1]/", /loopback/],
  ["https://[::ffff:127.0.0.1]/", /loopback/],
  ["https://[::ffff:a9fe:a9fe]/", /link-local/],
  ["https://[64:ff9b::a00:1]/", /private network/],
  ["https://[::127.0.0.1]/", /loopback/],
  ["https://[fd00:ec2::254]/", /unique-local/],
  ["https://[fe80::1]/", /link-local/],
  ["https://[::]/", /unspecified/],
  ["https://localhost:3000/", /localhost/],
  ["https://admin.localhost/", /localhost/],
];

describe("destinations the site's own requests may not reach", () => {
  it.each(INTERNAL_URLS)("refuses %s in a form, saying why", (url, why) => {
    const error = internalAddressError(url);
    expect(error).toMatch(why);
    expect(error).toContain("only sends requests to addresses on the public internet");
  });

  it("lets public addresses and names through (a name is judged by what it resolves to, when sent)", () => {
    for (const url of ["https://book.example/isla", "https://93.184.215.14/", "https://[2606:4700:4700::1111]/"])
      expect(internalAddressError(url)).toBeNull();
    expect(refusedAddress("8.8.8.8")).toBeNull();
    expect(refusedAddress("2001:4860:4860::8888")).toBeNull();
    // A public IPv4 address in IPv6 dress is still public.
    expect(refusedAddress("::ffff:8.8.8.8")).toBeNull();
  });

  it("judges resolved addresses the same way, and refuses what is not an address", () => {
    expect(refusedAddress("127.0.0.53")).toMatch(/loopback/);
    expect(refusedAddress("::ffff:10.1.2.3")).toMatch(/private network/);
    expect(refusedAddress("fc00::5")).toMatch(/unique-local/);
    expect(refusedAddress("hooks.example")).toBe("not an IP address");
  });

  it("reads OUTBOUND_ALLOW_PRIVATE: off, on, or ranges that are let through", () => {
    expect(allowedRanges("off")).toEqual([]);
    expect(allowedRanges("on")).toEqual(["0.0.0.0/0", "::/0"]);
    expect(allowedRanges("10.1.0.0/16, fd12::/48")).toEqual(["10.1.0.0/16", "fd12::/48"]);
    expect(allowedRanges("10.1.0.0")).toBeNull();
    expect(allowedRanges("yes")).toBeNull();
    const closedNetwork = allowedRanges("10.1.0.0/16") ?? [];
    expect(refusedAddress("10.1.2.3", closedNetwork)).toBeNull();
    expect(refusedAddress("::ffff:10.1.2.3", closedNetwork)).toBeNull();
    expect(refusedAddress("10.2.0.1", closedNetwork)).toMatch(/private network/);
    expect(refusedAddress("169.254.169.254", closedNetwork)).toMatch(/link-local/);
    expect(refusedHost("localhost", closedNetwork)).toMatch(/localhost/);
    expect(refusedHost("localhost", allowedRanges("on") ?? [])).toBeNull();
  });
});
