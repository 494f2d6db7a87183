/**
 * The build's hashed assets, compressed once (brotli and gzip, at their best
 * settings, off the event loop) the first time each is asked for, then served
 * from memory as they are. A name never changes its content, so the bytes are
 * kept for the life of the process; the build's assets are a bounded set.
 * Until a file's compressed forms are ready, and for browsers that accept
 * neither, the request goes on to the ordinary static files.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { acceptedEncoding } from "./encoding";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|xml)$/;
const SAFE_NAME = /^\/[\w.-]+$/;

interface Compressed {
  br: Buffer;
  gzip: Buffer;
}

export function precompressedAssets(dir: string) {
  const ready = new Map<string, Compressed>();
  const pending = new Set<string>();

  async function compress(name: string): Promise<void> {
    pending.add(name);
    try {
      const file = await readFile(path.join(dir, name));
      const [br, gz] = await Promise.all([
        brotli(file, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        gzipAsync(file, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      ready.set(name, { br, gzip: gz });
    } catch {
      // Not a file of the build: the static handler answers 404 as before.
    } finally {
      pending.delete(name);
    }
  }

  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !SAFE_NAME.test(req.path) || !COMPRESSIBLE.test(req.path))
      return next();
    const name = req.path.slice(1);
    const stored = ready.get(name);
    if (!stored) {
      if (!pending.has(name)) void compress(name);
      return next();
    }
    const encoding = acceptedEncoding(req.headers["accept-encoding"]);
    if (encoding !== "br" && encoding !== "gzip") return next();
    const body = stored[encoding];
    res.vary("Accept-Encoding");
    res.type(path.extname(name));
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.end(body);
  };
}
