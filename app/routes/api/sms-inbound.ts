/**
 * POST /api/sms/inbound: Twilio's webhook for texts sent to our number. Only
 * a request bearing Twilio's signature for our auth token is read (403
 * otherwise). An opt-out keyword (STOP, UNSUBSCRIBE…) records that the sender
 * wants no marketing texts. START and the like only lift Twilio's own block on
 * the number: they are not consent to marketing, so nothing is recorded.
 * The answer is an empty TwiML document: Twilio sends its own STOP reply.
 */

import { isOptOutText } from "~/domain/privacy";
import { normaliseUkMobile } from "~/domain/typed-text";
import { config } from "~/server/config.server";
import { HttpError, readFormData } from "~/server/http.server";
import { recordWithdrawal } from "~/server/privacy/consents.server";
import { validTwilioSignature } from "~/server/privacy/twilio-signature.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/sms-inbound";

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
const noStore = { "Cache-Control": "no-store" };

export function loader() {
  return Response.json({ error: "Use POST." }, { status: 405, headers: { ...noStore, Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return Response.json({ error: "Use POST." }, { status: 405, headers: { ...noStore, Allow: "POST" } });
  let form: FormData;
  try {
    form = await readFormData(request);
  } catch (error) {
    if (error instanceof HttpError) return error.toResponse();
    throw error;
  }
  const params = [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string");
  // Twilio signs the address it called: ours as the public knows it, not as a proxy forwarded it.
  const requested = new URL(request.url);
  const settings = config();
  const signedUrl = new URL(`${requested.pathname}${requested.search}`, settings.PUBLIC_URL).href;
  if (!validTwilioSignature(settings.TWILIO_AUTH_TOKEN, request.headers.get("x-twilio-signature"), signedUrl, params))
    return Response.json(
      { error: "This request is not signed by our SMS provider." },
      { status: 403, headers: noStore },
    );

  const from = String(form.get("From") ?? "").trim();
  const body = String(form.get("Body") ?? "");
  if (from && isOptOutText(body)) {
    await recordWithdrawal(context.get(requestContext).db, normaliseUkMobile(from) ?? from, "sms", "sms-stop");
  }
  return new Response(EMPTY_TWIML, { status: 200, headers: { ...noStore, "Content-Type": "text/xml; charset=utf-8" } });
}
