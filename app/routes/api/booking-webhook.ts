/**
 * POST /api/bookings/webhook: the booking system tells us an appointment was
 * created or cancelled (decision 070). Only a call signed with the secret the
 * owner set in the console, within five minutes of its timestamp, is read;
 * anything else is refused (401 or 400) before a row is touched.
 */
import { readAppointmentEvent } from "~/domain/bookings/webhook-event";
import { checkBookingSignature, SIGNATURE_HEADER, TIMESTAMP_HEADER } from "~/server/bookings/webhook-signature.server";
import { HttpError, parseJson, readJsonText } from "~/server/http.server";
import { requestContext } from "~/server/request-context.server";
import { receiveAppointmentEvent, webhookSecret } from "~/server/staff/bookings.server";
import type { Route } from "./+types/booking-webhook";

const noStore = { "Cache-Control": "no-store" };
const refuse = (status: number, error: string) => Response.json({ error }, { status, headers: noStore });

export function loader() {
  return Response.json({ error: "Use POST." }, { status: 405, headers: { ...noStore, Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return Response.json({ error: "Use POST." }, { status: 405, headers: { ...noStore, Allow: "POST" } });
  const db = context.get(requestContext).db;
  let body: string;
  try {
    body = await readJsonText(request);
  } catch (error) {
    if (error instanceof HttpError) return error.toResponse();
    throw error;
  }
  const secret = await webhookSecret(db);
  if (!secret) return refuse(403, "The salon has not set up this webhook yet.");
  const check = checkBookingSignature(
    secret,
    { timestamp: request.headers.get(TIMESTAMP_HEADER), signature: request.headers.get(SIGNATURE_HEADER) },
    body,
    Date.now(),
  );
  if (!check.ok) return refuse(check.status, check.error);
  let json: unknown;
  try {
    json = parseJson(body);
  } catch (error) {
    if (error instanceof HttpError) return error.toResponse();
    throw error;
  }
  const event = readAppointmentEvent(json);
  if (!event.ok) return refuse(400, event.error);
  const counts = await receiveAppointmentEvent(db, event.event, event.appointment);
  return Response.json(
    { received: true, new: counts.appointments > 0, matched: counts.matched > 0, toReview: counts.toReview > 0 },
    { headers: noStore },
  );
}
