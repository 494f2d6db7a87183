/**
 * The booking system's webhook call, read as an appointment (decision 070):
 *
 *   { "event": "appointment.created" | "appointment.cancelled",
 *     "appointment": { "id": "A123", "start": "2026-12-01T10:30:00Z",
 *       "salon": "Kestwick", "stylist": "Agnes", "service": "Cut and finish",
 *       "price": "65.00",
 *       "client": { "name": "Amelia Hart", "mobile": "07700 900123", "email": "amelia@example.com" } } }
 *
 * A booking system that cannot send this shape is put in front of a small
 * relay (Zapier and the like) that maps its fields to these.
 */
import { DAY_YEARS, isSaneInstant } from "../dates";
import type { ParsedAppointment } from "./appointment-csv";
import { parseValuePence } from "./appointment-csv";
import { normaliseAppointmentEmail, normaliseMobile } from "./matching";

export type AppointmentEvent =
  | { ok: true; event: "created" | "cancelled"; appointment: ParsedAppointment }
  | { ok: false; error: string };

const EVENTS = { "appointment.created": "created", "appointment.cancelled": "cancelled" } as const;

const text = (value: unknown, max: number) => (typeof value === "string" ? value.trim().slice(0, max) : "");

export function readAppointmentEvent(body: unknown): AppointmentEvent {
  if (typeof body !== "object" || body === null) return { ok: false, error: "The body must be a JSON object." };
  const { event, appointment } = body as Record<string, unknown>;
  const kind = typeof event === "string" && Object.hasOwn(EVENTS, event) ? EVENTS[event as keyof typeof EVENTS] : null;
  if (!kind) return { ok: false, error: 'event must be "appointment.created" or "appointment.cancelled".' };
  if (typeof appointment !== "object" || appointment === null)
    return { ok: false, error: "appointment must be an object." };
  const a = appointment as Record<string, unknown>;
  const externalId = typeof a.id === "number" ? String(a.id) : text(a.id, 100);
  if (!externalId) return { ok: false, error: "appointment.id is missing." };
  const startsAt = new Date(text(a.start, 40));
  if (!isSaneInstant(startsAt) || !/\d{4}-\d{2}-\d{2}T/.test(text(a.start, 40)))
    return {
      ok: false,
      error: `appointment.start must be a date and time (ISO 8601, with its zone) between ${DAY_YEARS.first} and ${DAY_YEARS.last}.`,
    };
  const price = typeof a.price === "number" ? a.price.toFixed(2) : text(a.price, 20);
  const valuePence = parseValuePence(price);
  // An appointment's price is never negative: a refund is not an appointment.
  if (valuePence === undefined || (valuePence !== null && valuePence < 0))
    return { ok: false, error: "appointment.price must be an amount in pounds." };
  const client = (typeof a.client === "object" && a.client !== null ? a.client : {}) as Record<string, unknown>;
  return {
    ok: true,
    event: kind,
    appointment: {
      externalId,
      startsAt,
      salon: text(a.salon, 100),
      stylist: text(a.stylist, 100),
      service: text(a.service, 200),
      valuePence,
      clientName: text(client.name, 200),
      mobile: normaliseMobile(text(client.mobile, 40)),
      email: normaliseAppointmentEmail(text(client.email, 200)),
      cancelled: kind === "cancelled",
    },
  };
}
