/**
 * Reads a multipart form (a form with a file field) as it streams in, with
 * limits: Request.formData() would hold the whole body in memory whatever
 * its size. Each file is written to disk as it arrives, up to `fileBytes`;
 * past that it is marked too large and the rest of it is read and dropped,
 * so the text fields after it still arrive (the form comes back with them
 * and the reason). A body longer than `bodyBytes` (one sent in chunks, with
 * no length declared) is refused.
 *
 * Why disk, not memory: a phone photo is 3–12 MB, and held in this process
 * it was held three times over (the pieces as they came, the file joined,
 * the copy sent to the picture worker) while the worker decoded it: five
 * photos at once took the site from about 100 MB to 220 MB. Written to a
 * file, it costs this process a few 64 kB pieces in flight, and the picture
 * worker reads it from the file.
 */
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";

export interface UploadedFile {
  /**
   * Where the file was written, readable until `removeUploads` (after the
   * request is answered); null when it was too large: nothing of it is kept.
   */
  path: string | null;
  /** Its length in bytes (0 when too large). */
  size: number;
  /** Its first bytes (up to HEAD_BYTES): what its type is told from. */
  head: Buffer;
  tooLarge: boolean;
}

/** Enough of a file's start to tell a JPEG, PNG, WebP, HEIC or AVIF by its signature and brands. */
const HEAD_BYTES = 256;

/**
 * This process's folder for files on their way in, made at the first upload
 * and removed as the process exits; each file in it is removed once its
 * request is answered. A folder of its own per process: the web processes of
 * one machine share its temporary folder.
 */
let spoolFolder: string | undefined;
let spooled = 0;
function spoolPath(): string {
  if (!spoolFolder) {
    const folder = mkdtempSync(join(tmpdir(), "salon-uploads-"));
    spoolFolder = folder;
    process.once("exit", () => rmSync(folder, { recursive: true, force: true }));
  }
  spooled += 1;
  return join(spoolFolder, `upload-${spooled}`);
}

/** Removes the files of a form read by `readMultipart`: when its request has been answered. */
export async function removeUploads(files: Readonly<Record<string, UploadedFile>>): Promise<void> {
  await Promise.all(Object.values(files).map((file) => (file.path ? rm(file.path, { force: true }) : undefined)));
}

/**
 * `bytes` as `readMultipart` would have written them from a form (removed by
 * `removeUploads`, or with the folder as the process exits): what tests store
 * pictures from without posting a form.
 */
export async function uploadedFileOf(bytes: Buffer): Promise<UploadedFile> {
  const path = spoolPath();
  await writeFile(path, bytes, { mode: 0o600 });
  return { path, size: bytes.length, head: Buffer.from(bytes.subarray(0, HEAD_BYTES)), tooLarge: false };
}

export interface MultipartForm {
  /** Text fields, the first of each name. */
  fields: Record<string, string>;
  /** File fields that carried a file, by name. */
  files: Record<string, UploadedFile>;
}

/** Text fields are short: the longest (a blog post) is a few pages. */
const MAX_FIELD_BYTES = 64 * 1024;
/** All text fields of one form together: what a form with picture fields may hold in text. */
const MAX_TEXT_BYTES = 128 * 1024;
const MAX_FIELDS = 100;

/**
 * Forms with files read at once, and waiting their turn: each holds up to
 * its pictures in memory, so together they bound what uploads cost however
 * many managers save at the same moment. Past the queue, "try again".
 */
const UPLOADS_AT_ONCE = 4;
const UPLOADS_WAITING = 12;

export class MultipartError extends Error {}

/** Too many uploads in progress and waiting: answered 503, nothing read. */
export class UploadsBusyError extends Error {
  constructor() {
    super("Several photos are being uploaded right now. Please wait a minute and save again.");
  }
}

let uploadsReading = 0;
const uploadsWaiting: (() => void)[] = [];

function releaseUpload() {
  const next = uploadsWaiting.shift();
  // The slot passes straight to the next in line, so the count stays right.
  if (next) next();
  else uploadsReading -= 1;
}

async function uploadSlot(): Promise<() => void> {
  if (uploadsReading < UPLOADS_AT_ONCE) {
    uploadsReading += 1;
    return releaseUpload;
  }
  if (uploadsWaiting.length >= UPLOADS_WAITING) throw new UploadsBusyError();
  await new Promise<void>((resolve) => uploadsWaiting.push(resolve));
  return releaseUpload;
}

export const isMultipart = (request: Request) =>
  /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");

/**
 * Reads a multipart form. One that may carry files waits for an upload slot
 * first (UploadsBusyError when the queue is full); one that may not was
 * capped at a text form's size before it got here.
 */
export async function readMultipart(request: Request, limits: MultipartLimits): Promise<MultipartForm> {
  if (limits.files === 0) return parseMultipart(request, limits);
  const release = await uploadSlot();
  try {
    return await parseMultipart(request, limits);
  } finally {
    release();
  }
}

interface MultipartLimits {
  /** File parts taken. */
  files: number;
  /** Bytes kept of each file. */
  fileBytes: number;
  /** Bytes of the whole body read. */
  bodyBytes: number;
}

function parseMultipart(request: Request, limits: MultipartLimits): Promise<MultipartForm> {
  const body = request.body;
  if (!body) return Promise.reject(new MultipartError("The form was empty."));
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": request.headers.get("content-type") ?? "" },
        limits: {
          fileSize: limits.fileBytes,
          files: limits.files,
          fields: MAX_FIELDS,
          fieldSize: MAX_FIELD_BYTES,
          parts: MAX_FIELDS + limits.files,
        },
      });
    } catch {
      reject(new MultipartError("The form could not be read."));
      return;
    }
    const form: MultipartForm = { fields: {}, files: {} };
    const pending: Promise<void>[] = [];
    /** Every file written for this form: those not handed back (too large, a second of one name, a refused form) go at once. */
    const written: string[] = [];
    let failed = false;
    const failWith = (error: Error) => {
      if (failed) return;
      failed = true;
      reject(error);
    };
    const fail = (message: string) => failWith(new MultipartError(message));
    let textBytes = 0;
    parser.on("field", (name, value, info) => {
      textBytes += name.length + value.length;
      if (info.valueTruncated) fail("One of the fields was too long.");
      else if (textBytes > MAX_TEXT_BYTES) fail("The form's text was too long.");
      else if (!(name in form.fields)) form.fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      let path: string;
      try {
        path = spoolPath();
      } catch (error) {
        failWith(error instanceof Error ? error : new Error(String(error)));
        stream.resume();
        return;
      }
      written.push(path);
      const head: Buffer[] = [];
      let headSize = 0;
      let size = 0;
      let tooLarge = false;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (headSize < HEAD_BYTES) {
          // A copy: a slice would keep the whole 64 kB piece it came in.
          head.push(Buffer.from(chunk.subarray(0, HEAD_BYTES - headSize)));
          headSize += head[head.length - 1]?.length ?? 0;
        }
      });
      stream.on("limit", () => {
        tooLarge = true;
      });
      const out = createWriteStream(path, { flags: "wx", mode: 0o600 });
      pending.push(
        pipeline(stream, out).then(
          () => {
            // A file field left empty still sends a part, with no file name and no bytes.
            if ((info.filename || size > 0 || tooLarge) && !(name in form.files))
              form.files[name] = tooLarge
                ? { path: null, size: 0, head: Buffer.alloc(0), tooLarge }
                : { path, size, head: Buffer.concat(head), tooLarge };
          },
          (error: unknown) => {
            // The disk full or gone is this machine's fault, not the form's: not answered as a bad form.
            if (out.errored) failWith(error instanceof Error ? error : new Error(String(error)));
            else fail("The form did not arrive in full.");
          },
        ),
      );
    });
    parser.on("fieldsLimit", () => fail("The form had too many fields."));
    parser.on("partsLimit", () => fail("The form had too many fields."));
    parser.on("filesLimit", () => fail("The form had more files than it takes."));
    parser.on("error", () => fail("The form could not be read."));
    parser.on("close", () => {
      void Promise.all(pending).then(async () => {
        const kept = new Set(failed ? [] : Object.values(form.files).map((file) => file.path));
        await Promise.all(written.filter((path) => !kept.has(path)).map((path) => rm(path, { force: true })));
        if (!failed) resolve(form);
      });
    });
    const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
    let bodyBytes = 0;
    source.on("data", (chunk: Buffer) => {
      bodyBytes += chunk.length;
      // The rest is still read, kept nowhere, so the sender can read the answer.
      if (bodyBytes > limits.bodyBytes) fail("The form was larger than any photo and its text could make.");
    });
    source.on("error", () => {
      fail("The form did not arrive in full.");
      // Ends the file being written too, so what was written of it is removed.
      parser.destroy();
    });
    source.pipe(parser);
  });
}
