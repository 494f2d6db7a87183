/**
 * Reads a multipart form (a form with a file field) as it streams in, with
 * limits: Request.formData() would hold the whole body in memory whatever
 * its size. Each file is kept up to `fileBytes`; past that it is marked too
 * large and the rest of it is read and dropped, so what one upload costs in
 * memory is bounded however much is sent, and the text fields after it still
 * arrive (the form comes back with them and the reason). A body longer than
 * `bodyBytes` (one sent in chunks, with no length declared) is refused.
 */
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";

export interface UploadedFile {
  /** Empty when the file was too large: nothing of it is kept. */
  bytes: Buffer;
  tooLarge: boolean;
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
    let failed = false;
    const fail = (message: string) => {
      if (failed) return;
      failed = true;
      reject(new MultipartError(message));
    };
    let textBytes = 0;
    parser.on("field", (name, value, info) => {
      textBytes += name.length + value.length;
      if (info.valueTruncated) fail("One of the fields was too long.");
      else if (textBytes > MAX_TEXT_BYTES) fail("The form's text was too long.");
      else if (!(name in form.fields)) form.fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      // A file field left empty still sends a part, with no file name and no bytes.
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      stream.on("data", (chunk: Buffer) => {
        // Once the form is refused nothing more of it is kept.
        if (failed) chunks.length = 0;
        if (tooLarge || failed) return;
        chunks.push(chunk);
        size += chunk.length;
      });
      stream.on("limit", () => {
        tooLarge = true;
        chunks.length = 0;
      });
      pending.push(
        new Promise((done) =>
          stream.on("close", () => {
            if ((info.filename || size > 0 || tooLarge) && !(name in form.files))
              form.files[name] = { bytes: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks, size), tooLarge };
            done();
          }),
        ),
      );
    });
    parser.on("fieldsLimit", () => fail("The form had too many fields."));
    parser.on("partsLimit", () => fail("The form had too many fields."));
    parser.on("filesLimit", () => fail("The form had more files than it takes."));
    parser.on("error", () => fail("The form could not be read."));
    parser.on("close", () => {
      Promise.all(pending).then(() => {
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
    source.on("error", () => fail("The form did not arrive in full."));
    source.pipe(parser);
  });
}
