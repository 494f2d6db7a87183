import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { MultipartError, readMultipart, removeUploads, type UploadedFile, UploadsBusyError } from "./multipart.server";

/** What was written of an uploaded file. */
const contents = (file: UploadedFile | undefined) => (file?.path ? readFileSync(file.path, "latin1") : undefined);

const BOUNDARY = "----test-boundary";
const HEAD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;

/** A form whose file arrives only when `finish` is called: an upload still on its way. */
function uploadInProgress() {
  let finish: () => void = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(HEAD));
      finish = () => {
        controller.enqueue(new TextEncoder().encode(`jpeg-bytes\r\n--${BOUNDARY}--\r\n`));
        controller.close();
      };
    },
  });
  const request = new Request("http://localhost/staff/content/news", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, finish: () => finish() };
}

const limits = { files: 1, fileBytes: 1024 * 1024, bodyBytes: 4 * 1024 * 1024 };

describe("reading uploads", () => {
  it("reads four at once, queues twelve, and tells the next to try again; the queue then drains", async () => {
    const uploads = Array.from({ length: 16 }, uploadInProgress);
    const reading = uploads.map((upload) => readMultipart(upload.request, limits));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(readMultipart(uploadInProgress().request, limits)).rejects.toBeInstanceOf(UploadsBusyError);
    for (const upload of uploads) upload.finish();
    const forms = await Promise.all(reading);
    expect(forms.every((form) => contents(form.files.photo) === "jpeg-bytes")).toBe(true);
    await Promise.all(forms.map((form) => removeUploads(form.files)));
    // Every slot was given back: a new upload is read at once.
    const next = uploadInProgress();
    const read = readMultipart(next.request, limits);
    next.finish();
    const form = await read;
    expect(contents(form.files.photo)).toBe("jpeg-bytes");
    expect(form.files.photo?.head.toString()).toBe("jpeg-bytes");
    expect(form.files.photo?.size).toBe(10);
    await removeUploads(form.files);
    expect(existsSync(form.files.photo?.path ?? "")).toBe(false);
  });

  it("refuses a form whose text fields together pass the budget", async () => {
    const field = (name: string, value: string) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = `${Array.from({ length: 4 }, (_, i) => field(`f${i}`, "x".repeat(60 * 1024))).join("")}--${BOUNDARY}--\r\n`;
    const request = new Request("http://localhost/staff/content/news", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
      body,
    });
    await expect(readMultipart(request, limits)).rejects.toBeInstanceOf(MultipartError);
  });

  it("keeps the text after a file too large, and refuses a body longer than the form's allowance", async () => {
    const form = (fileBytes: number) => {
      const body = Buffer.concat([
        Buffer.from(HEAD),
        Buffer.alloc(fileBytes, 0xab),
        Buffer.from(
          `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="alt"\r\n\r\nIsla\r\n--${BOUNDARY}--\r\n`,
        ),
      ]);
      return new Request("http://localhost/staff/content/news.data", {
        method: "POST",
        headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
        body,
      });
    };
    const over = await readMultipart(form(2 * 1024 * 1024), limits);
    expect(over.fields).toEqual({ alt: "Isla" });
    expect(over.files.photo).toEqual({ path: null, size: 0, head: Buffer.alloc(0), tooLarge: true });
    await expect(readMultipart(form(5 * 1024 * 1024), limits)).rejects.toThrow("larger than");
  });

  it("leaves no file on disk from a form refused or broken off, and removes a kept one when asked", async () => {
    const kept = await readMultipart(
      new Request("http://localhost/staff/content/news", {
        method: "POST",
        headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
        body: `${HEAD}jpeg-bytes\r\n--${BOUNDARY}--\r\n`,
      }),
      limits,
    );
    const path = kept.files.photo?.path ?? "";
    // The file, then a field too long: the form is refused after the file was written.
    const refused = new Request("http://localhost/staff/content/news", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: `${HEAD}${"x".repeat(200_000)}\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="alt"\r\n\r\n${"y".repeat(70 * 1024)}\r\n--${BOUNDARY}--\r\n`,
    });
    await expect(readMultipart(refused, limits)).rejects.toThrow("too long");
    // The connection lost halfway through the file.
    const broken = new Request("http://localhost/staff/content/news", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(`${HEAD}${"z".repeat(100_000)}`));
          setTimeout(() => controller.error(new Error("connection reset")), 20);
        },
      }),
      duplex: "half",
    } as RequestInit);
    await expect(readMultipart(broken, limits)).rejects.toThrow("did not arrive in full");
    // A refused form's files go as soon as the rest of it has been read, just after the refusal.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readdirSync(dirname(path))).toEqual([basename(path)]);
    await removeUploads(kept.files);
    expect(readdirSync(dirname(path))).toEqual([]);
  });
});
