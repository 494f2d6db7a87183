/**
 * Which encoding a browser gets, and a body compressed in one piece. Pages
 * are small and are rendered whole before they are sent, so one call with the
 * body's size known beats a compression stream: a brotli stream that does not
 * know the size sets up for a 4 MB window, and under load those buffers
 * (outside the JavaScript heap, but counted by the garbage collector) cost
 * the saved quote page most of its time.
 */
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Up to this size a body is compressed on the event loop. Handing a 16 kB
 * page to the thread pool and back cost twice the CPU of compressing it
 * (gzip: about 210 µs against 100 µs), and with every core busy under load
 * the CPU is what limits; the loop is held for a tenth of a millisecond.
 * Larger bodies still go to the thread pool.
 */
const ON_THE_LOOP_BYTES = 64 * 1024;

/**
 * Gzip is what an answer made for one visitor gets (see `oneOffEncoding`), so
 * it is set for CPU rather than the last bytes: level 3 (zlib's fast matcher)
 * took a 16 kB page to 4,619 bytes in 57 µs, the default level 6 to 4,396
 * bytes in 89 µs; on the 26 kB home page 6,352 bytes in 72 µs against 5,974
 * in 139 µs. Either fits in the first round trip of a new connection (about
 * 14 kB), so the few hundred bytes cost a client nothing, while a campaign
 * text that has every client open their own quote at once is limited by the
 * server's CPU. (nginx's own default is level 1.)
 */
const GZIP = { level: 3 };

/**
 * Brotli at quality 5, sized to the body. Measured on the home page (39 kB):
 * quality 5 gave 7,850 bytes in about 3 ms, quality 9 7,782 bytes in about
 * 30 times that, quality 11 6,914 bytes in about 90 times that. The window
 * is only as large as the body (brotli's default is 4 MB): the same bytes
 * come out, and on a 16 to 26 kB page it costs about 30% less CPU.
 */
export function compressBody(body: Buffer, encoding: Encoding): Promise<Buffer> {
  const small = body.length <= ON_THE_LOOP_BYTES;
  if (encoding === "gzip") return small ? Promise.resolve(gzipSync(body, GZIP)) : gzipAsync(body, GZIP);
  const options = {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_LGWIN]: windowBits(body.length),
    },
  };
  return small ? Promise.resolve(brotliCompressSync(body, options)) : brotli(body, options);
}

/** The smallest window brotli allows that holds the whole body, up to its largest. */
function windowBits(size: number): number {
  return Math.min(
    constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size))),
  );
}

const qualities = new Map<string, Record<Encoding, number>>();
const MAX_REMEMBERED = 64;

/**
 * How much the browser values brotli and gzip, from its Accept-Encoding
 * header (0: not at all). Browsers send a handful of distinct headers, so
 * the answers are remembered.
 */
function qualitiesOf(header: string): Record<Encoding, number> {
  const known = qualities.get(header);
  if (known) return known;
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";");
    const quality = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    const value = quality === undefined ? 1 : Number(quality);
    if (name.trim()) q.set(name.trim().toLowerCase(), Number.isFinite(value) ? value : 0);
  }
  const qualityOf = (name: Encoding) => q.get(name) ?? q.get("*") ?? 0;
  const answer = { br: qualityOf("br"), gzip: qualityOf("gzip") };
  if (qualities.size >= MAX_REMEMBERED) qualities.clear();
  qualities.set(header, answer);
  return answer;
}

/**
 * The encoding to answer in for an Accept-Encoding header: brotli or gzip,
 * whichever the browser values more (brotli when equal), or none. No header
 * means none, as for a script that asks for nothing.
 */
export function acceptedEncoding(header: string | undefined): Encoding | "identity" {
  if (!header) return "identity";
  const { br, gzip } = qualitiesOf(header);
  return br > 0 && br >= gzip ? "br" : gzip > 0 ? "gzip" : "identity";
}

/**
 * The encoding for an answer compressed for one visitor only (the saved quote,
 * an address asked for once): gzip whenever the browser takes it. On a 16 kB
 * page it costs well under half of brotli's CPU for about 7% more bytes (some
 * 300), the better trade for bytes sent once; an answer kept for everyone is
 * compressed once, so it gets the smaller brotli.
 */
export function oneOffEncoding(header: string | undefined): Encoding | "identity" {
  if (!header) return "identity";
  return qualitiesOf(header).gzip > 0 ? "gzip" : acceptedEncoding(header);
}
