import { describe, expect, it } from "vitest";
import { MultipartError, readMultipart, UploadsBusyError } from "./multipart.server";

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
    expect(forms.every((form) => form.files.photo?.bytes.toString() === "jpeg-bytes")).toBe(true);
    // Every slot was given back: a new upload is read at once.
    const next = uploadInProgress();
    const read = readMultipart(next.request, limits);
    next.finish();
    expect((await read).files.photo?.bytes.toString()).toBe("jpeg-bytes");
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
    expect(over.files.photo).toEqual({ bytes: Buffer.alloc(0), tooLarge: true });
    await expect(readMultipart(form(5 * 1024 * 1024), limits)).rejects.toThrow("larger than");
  });
});
