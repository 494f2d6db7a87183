/**
 * The quote's save (POST /api/save-quote-details) answered ahead of React
 * Router: the body the request hygiene already read, handed straight to the
 * same saveQuoteJson the route calls, the answer written straight out. No
 * Fetch Request or Response is made and no route is matched, which was most of
 * a save's CPU outside the database (issue 43). Validation, limits,
 * idempotency and the records kept are the save's own, in app/server, so the
 * answer is the route's byte for byte (tests/faults/save-path.faults.test.ts).
 */
import type { Request, Response } from "express";
import { IDEMPOTENCY_HEADER } from "~/domain/idempotency";
import { HttpError } from "~/server/http.server";
import type { RequestContext } from "~/server/request-context.server";
import { type ApiAnswer, type ApiPost, SUBMISSION_MAX_BYTES, saveQuoteJson } from "~/server/submission-http.server";
import { sendWhole } from "./request-handler";

/** The address served here; anything else under /api, and this address spelt otherwise, stays with React Router. */
export const SAVE_QUOTE_PATH = "/api/save-quote-details";

/** What the JSON API reads of a request whose body the request hygiene read (req.rawBody). */
function apiPostOf(req: Request): ApiPost {
  return {
    contentType: req.headers["content-type"],
    idempotencyKey: req.get(IDEMPOTENCY_HEADER),
    text: async () => {
      const body = req.rawBody ?? Buffer.alloc(0);
      if (body.length > SUBMISSION_MAX_BYTES) throw new HttpError(413, "That request is too large.");
      // As the Fetch body is read: UTF-8, a byte order mark dropped, bad bytes replaced.
      return new TextDecoder().decode(body);
    },
  };
}

/** Writes the answer as React Router's handler writes the route's (./request-handler.ts, sendResponse). */
async function writeAnswer(req: Request, res: Response, answer: ApiAnswer): Promise<void> {
  res.status(answer.status);
  // A Fetch Response's headers come out named in lower case, in order of name.
  const headers = Object.entries({ ...answer.headers, "Content-Type": "application/json" })
    .map(([name, value]) => [name.toLowerCase(), value] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [name, value] of headers) res.append(name, value);
  await sendWhole(req, res, Buffer.from(JSON.stringify(answer.body)));
}

/** The Express handler for POST SAVE_QUOTE_PATH; `sender` is the request's context values (the route's own). */
export function saveQuoteHandler(sender: (req: Request, res: Response) => RequestContext) {
  return async (req: Request, res: Response, next: (error?: unknown) => void) => {
    try {
      await writeAnswer(req, res, await saveQuoteJson(apiPostOf(req), sender(req, res)));
    } catch (error) {
      next(error);
    }
  };
}
