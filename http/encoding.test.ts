import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptedEncoding, compressBody, oneOffEncoding } from "./encoding";

describe("the encoding a browser gets", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["gzip;q=0.8, br;q=0.9", "br"],
    ["br;q=0, gzip;q=0", "identity"],
    ["*", "br"],
    ["*;q=0.1, gzip", "gzip"],
    ["identity", "identity"],
    ["deflate", "identity"],
    ["GZIP", "gzip"],
    ["", "identity"],
    [undefined, "identity"],
  ])("Accept-Encoding %j: %s", (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
    // Asked again, the remembered answer is the same.
    expect(acceptedEncoding(header)).toBe(expected);
  });

  it.each([
    ["gzip, deflate, br, zstd", "gzip"],
    ["br", "br"],
    ["br, gzip;q=0", "br"],
    ["*", "gzip"],
    ["identity", "identity"],
    [undefined, "identity"],
  ])("an answer for one visitor only, Accept-Encoding %j: %s", (header, expected) => {
    expect(oneOffEncoding(header)).toBe(expected);
  });

  it("compresses a body in one piece to the same bytes once decompressed", async () => {
    const body = Buffer.from("<p>Estimated quote for Ada</p>".repeat(500));
    const br = await compressBody(body, "br");
    const gz = await compressBody(body, "gzip");
    expect(br.length).toBeLessThan(body.length / 10);
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gz).equals(body)).toBe(true);
  });

  // The brotli window follows the body's size: the smallest, a page's and one past a window's doubling. Past
  // 64 kB the body is compressed in the thread pool instead of on the event loop.
  it.each([1, 1024, 1025, 40_000, 65_536, 65_537, 300_000])("a body of %i bytes comes back whole", async (size) => {
    const body = Buffer.from(
      Array.from({ length: size }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 26))).join(""),
    );
    expect(brotliDecompressSync(await compressBody(body, "br")).equals(body)).toBe(true);
    expect(gunzipSync(await compressBody(body, "gzip")).equals(body)).toBe(true);
  });
});
