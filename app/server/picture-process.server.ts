/**
 * Runs an upload's image work in a process of its own (./picture-process.cjs
 * says why) and answers what it made, or why the picture was refused.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { PICTURE_FORMATS, type PictureFormat, variantWidths } from "~/domain/pictures";
import { log } from "./log.server";
import source from "./picture-process.cjs?raw";

export type PictureRefusal = "not-picture" | "damaged" | "too-many-pixels";

export interface Processed {
  width: number;
  height: number;
  widths: number[];
  /** Upright, no metadata, at most `masterWidth` on its longer side: WebP. */
  master: Buffer;
  variants: { width: number; format: PictureFormat; bytes: Buffer }[];
}

/** Longer than any phone photo takes on a busy core; past it the picture is one that cannot be read. */
const TIME_LIMIT_MS = 120_000;

let paths: { sharp: string; heicDecode: string } | undefined;

/** A Uint8Array come through the IPC channel, as the Buffer the rest of the site expects. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Checks that `bytes` decode as the `format` their first bytes claim, within
 * `maxPixels`, and makes the master and every variant.
 */
export function processPicture(
  bytes: Buffer,
  format: "jpeg" | "png" | "webp" | "heic",
  limits: { maxPixels: number; masterWidth: number },
): Promise<{ ok: true; made: Processed } | { ok: false; reason: PictureRefusal }> {
  if (!paths) {
    const resolve = createRequire(import.meta.url).resolve;
    paths = { sharp: resolve("sharp"), heicDecode: resolve("heic-decode") };
  }
  const child = spawn(process.execPath, ["-e", source], {
    stdio: ["ignore", "ignore", "pipe", "ipc"],
    serialization: "advanced",
    // It reads files anyone with a staff account can send: it is given none of the site's settings and secrets.
    env: process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {},
  });
  let complaint = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    complaint = (complaint + chunk.toString()).slice(-2000);
  });
  return new Promise((resolve) => {
    let size: { width: number; height: number; widths: number[] } | undefined;
    let settled = false;
    const settle = (result: Awaited<ReturnType<typeof processPicture>>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
      child.kill();
    };
    const timer = setTimeout(() => settle({ ok: false, reason: "damaged" }), TIME_LIMIT_MS);
    child.on("message", (message: Record<string, unknown>) => {
      if (typeof message.refused === "string") return settle({ ok: false, reason: message.refused as PictureRefusal });
      if (!size) {
        const width = message.width as number;
        const height = message.height as number;
        size = { width, height, widths: variantWidths(width) };
        child.send({ widths: size.widths, formats: PICTURE_FORMATS });
        return;
      }
      const variants = message.variants as { width: number; format: PictureFormat; bytes: Uint8Array }[];
      settle({
        ok: true,
        made: {
          ...size,
          master: asBuffer(message.master as Uint8Array),
          variants: variants.map((v) => ({ ...v, bytes: asBuffer(v.bytes) })),
        },
      });
    });
    child.on("error", (error) => {
      log.error({ err: error }, "the picture process could not start");
      settle({ ok: false, reason: "damaged" });
    });
    child.on("exit", (code, signal) => {
      if (!settled) log.warn({ code, signal, complaint }, "the picture process ended without an answer");
      settle({ ok: false, reason: "damaged" });
    });
    child.send({ ...paths, bytes, format, ...limits });
  });
}
