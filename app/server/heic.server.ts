/**
 * iPhone photos (HEIC: HEVC inside HEIF) made into plain pixels that the
 * image library can resize. sharp's prebuilt libvips reads only the AV1 kind
 * of HEIF, so the decoding is done by libheif compiled to WebAssembly
 * (`heic-decode`, over `libheif-js`).
 *
 * Each decode runs in a worker thread of its own that ends with it.
 * WebAssembly memory only ever grows: a 12-megapixel photo takes well over a
 * hundred megabytes of it, which the site would otherwise hold until it
 * stops. The worker also keeps the decoding's CPU off the event loop.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

export type HeicDecoded =
  | { ok: true; width: number; height: number; pixels: Buffer }
  | { ok: false; reason: "damaged" | "too-many-pixels" };

/** Longer than any phone photo takes on a busy core; past it the file is treated as one that cannot be read. */
const DECODE_TIMEOUT_MS = 60_000;

/**
 * The worker's code. It is plain CommonJS given as text, so the built site
 * needs no file of its own for it; the decoder's path is resolved here and
 * passed in. The size is checked before any pixel is decoded.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const decode = require(workerData.decoder);
(async () => {
  const images = await decode.all({ buffer: workerData.bytes });
  try {
    const first = images[0];
    if (first.width * first.height > workerData.maxPixels) return parentPort.postMessage({ reason: "too-many-pixels" });
    const { width, height, data } = await first.decode();
    parentPort.postMessage({ width, height, data }, [data.buffer]);
  } finally {
    images.dispose();
  }
})().catch(() => parentPort.postMessage({ reason: "damaged" }));
`;

let decoderPath: string | undefined;

/** Decodes the first (primary) picture of a HEIC file to RGBA pixels, refusing one over `maxPixels` undecoded. */
export function decodeHeic(bytes: Buffer, maxPixels: number): Promise<HeicDecoded> {
  decoderPath ??= createRequire(import.meta.url).resolve("heic-decode");
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { decoder: decoderPath, bytes, maxPixels },
      // The decoder writes its complaints about a bad file to the console; the refusal says it for us.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const settle = (result: HeicDecoded) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
      void worker.terminate();
    };
    const timer = setTimeout(() => settle({ ok: false, reason: "damaged" }), DECODE_TIMEOUT_MS);
    worker.once("message", (message: { reason?: "damaged" | "too-many-pixels" } & Record<string, unknown>) => {
      if (message.reason) return settle({ ok: false, reason: message.reason });
      const data = message.data as Uint8ClampedArray;
      settle({
        ok: true,
        width: message.width as number,
        height: message.height as number,
        pixels: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
      });
    });
    // A crash inside the decoder (out of memory on a hostile file, say) ends the worker, not the site.
    worker.once("error", () => settle({ ok: false, reason: "damaged" }));
    worker.once("exit", () => settle({ ok: false, reason: "damaged" }));
  });
}
