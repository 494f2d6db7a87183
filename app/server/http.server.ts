/**
 * Request hygiene shared by every endpoint that accepts input: size-limited
 * JSON bodies, the 4xx answers that go with bad input, the client's address.
 */

const MAX_BODY_BYTES = 32 * 1024;

/**
 * The deepest nesting of arrays and objects a JSON body may have. What the
 * site's own clients send is at most 5 deep (a passkey's response); V8 parses
 * any depth, but walking a value thousands deep (JSON.stringify, a schema)
 * overflows the stack, which turned a 40 kB body into a 500.
 */
const MAX_JSON_DEPTH = 32;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
  toResponse(): Response {
    return Response.json({ error: this.message }, { status: this.status, headers: { "Cache-Control": "no-store" } });
  }
}

/** Reads the body as text without trusting Content-Length, stopping past the limit. */
export async function readLimitedText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new HttpError(413, "That request is too large.");
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new HttpError(413, "That request is too large.");
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** The body of a JSON request as sent, byte for byte (a signature covers it), or an HttpError (413, 415). */
export async function readJsonText(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  requireJson(request.headers.get("content-type"));
  return readLimitedText(request, maxBytes);
}

/** An HttpError (415) unless the Content-Type header (`type`) says JSON. */
export function requireJson(type: string | null | undefined): void {
  if (!(type ?? "").toLowerCase().includes("application/json"))
    throw new HttpError(415, "Please send JSON (Content-Type: application/json).");
}

/** What a client is told when it sends U+0000, in a body or an address. */
export const NUL_MESSAGE = "The request holds a NUL character (\\u0000 or %00), which no field accepts.";

/**
 * Every JSON body the site reads is parsed here: the value, or an HttpError
 * (400) saying what is wrong: not JSON, nested more than MAX_JSON_DEPTH deep,
 * or holding U+0000 in a key or string, which PostgreSQL cannot store in text
 * or jsonb (it used to reach the database and come back as a 500). The size
 * is bounded before: by the reader, and by the request hygiene in front.
 */
export function parseJson(text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, "The request body is not valid JSON.");
  }
  // Walked with a stack of its own, so no depth can overflow the call stack.
  const pending: { value: unknown; depth: number }[] = [{ value: parsed, depth: 0 }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, depth } = item;
    if (typeof value === "string") {
      if (value.includes("\u0000")) throw new HttpError(400, NUL_MESSAGE);
    } else if (typeof value === "object" && value !== null) {
      if (depth >= MAX_JSON_DEPTH)
        throw new HttpError(400, `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`);
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes("\u0000")) throw new HttpError(400, NUL_MESSAGE);
        pending.push({ value: inner, depth: depth + 1 });
      }
    }
  }
  return parsed;
}

/** A JSON object from the body, or an HttpError (413, 415 or 400) saying what is wrong. */
export async function readJsonObject(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Record<string, unknown>> {
  return parseJsonObject(await readJsonText(request, maxBytes));
}

/** The JSON object in `text` (parsed by parseJson), or an HttpError (400) saying what is wrong. */
export function parseJsonObject(text: string): Record<string, unknown> {
  const parsed = parseJson(text);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new HttpError(400, "The request body must be a JSON object.");
  return parsed as Record<string, unknown>;
}

/** Form posts from the pages, with the same size limit. */
export async function readFormData(request: Request, maxBytes = MAX_BODY_BYTES): Promise<FormData> {
  const text = await readLimitedText(request, maxBytes);
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) {
    const form = new FormData();
    for (const [k, v] of new URLSearchParams(text)) form.append(k, v);
    return form;
  }
  // multipart and the rest: let the platform parse what we already read
  return new Response(text, { headers: { "content-type": type } }).formData().catch(() => {
    throw new HttpError(400, "The form could not be read.");
  });
}

/** The body of a 422: one message list per field, as the forms show them. */
export function validationFailedBody(fieldErrors: Record<string, string[] | undefined>) {
  return { error: "Some answers need attention.", fieldErrors };
}
