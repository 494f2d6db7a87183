/**
 * A booking system's appointments export (CSV) read as appointments: the
 * columns each field comes from (the mapping screen), with a preset for the
 * exports of Phorest, Fresha and Timely.
 *
 * The presets are our best reading of those systems' appointment exports:
 * their real formats could not be checked against a live account, and each
 * vendor renames columns from time to time. That is why the mapping screen
 * shows every field with the column it was matched to and lets the manager
 * pick another one: a drift in a vendor's headers is one choice on that
 * screen, not a change of code. The same columns are listed in
 * docs/console.md ("Bookings matched back").
 */

import { isSaneInstant } from "../dates";
import { fromLondonLocal } from "../salon-time";
import { parseCsv } from "../staff/csv";
import { normaliseAppointmentEmail, normaliseMobile } from "./matching";

export const APPOINTMENT_FIELDS = [
  "externalId",
  "date",
  "time",
  "salon",
  "stylist",
  "service",
  "value",
  "name",
  "firstName",
  "lastName",
  "mobile",
  "email",
  "status",
] as const;
export type AppointmentField = (typeof APPOINTMENT_FIELDS)[number];

export const FIELD_LABELS: Readonly<Record<AppointmentField, string>> = {
  externalId: "Appointment reference",
  date: "Date (or date and time)",
  time: "Start time",
  salon: "Salon or branch",
  stylist: "Stylist",
  service: "Service",
  value: "Price",
  name: "Client's full name",
  firstName: "Client's first name",
  lastName: "Client's surname",
  mobile: "Client's mobile",
  email: "Client's e-mail",
  status: "Status (cancelled or not)",
};

/** Fields an import cannot do without; the client's name comes from "name" or "first name". */
const REQUIRED: readonly AppointmentField[] = ["externalId", "date"];

export type ColumnMapping = Partial<Record<AppointmentField, string>>;

export const PRESETS = ["phorest", "fresha", "timely"] as const;
export type Preset = (typeof PRESETS)[number];

export const PRESET_LABELS: Readonly<Record<Preset, string>> = {
  phorest: "Phorest",
  fresha: "Fresha",
  timely: "Timely",
};

/**
 * Each preset's column headers (best reading, see above). Phorest's
 * appointment list report splits the client's name and has a Branch; Fresha's
 * appointments list names the client in one column and a "Ref #"; Timely calls
 * clients customers and its bookings by a Booking ID.
 */
export const PRESET_COLUMNS: Readonly<Record<Preset, ColumnMapping>> = {
  phorest: {
    externalId: "Appointment ID",
    date: "Appointment Date",
    time: "Start Time",
    salon: "Branch",
    stylist: "Staff Member",
    service: "Service Name",
    value: "Price",
    firstName: "Client First Name",
    lastName: "Client Last Name",
    mobile: "Client Mobile",
    email: "Client Email",
    status: "Status",
  },
  fresha: {
    externalId: "Ref #",
    date: "Scheduled Date",
    time: "Time",
    salon: "Location",
    stylist: "Team Member",
    service: "Service",
    value: "Price",
    name: "Client",
    mobile: "Client Mobile",
    email: "Client Email",
    status: "Status",
  },
  timely: {
    externalId: "Booking ID",
    date: "Start Date",
    time: "Start Time",
    salon: "Location",
    stylist: "Staff",
    service: "Service",
    value: "Total Price",
    firstName: "Customer First Name",
    lastName: "Customer Last Name",
    mobile: "Customer Mobile",
    email: "Customer Email",
    status: "Booking Status",
  },
};

/**
 * What one upload may hold: the console's text forms are capped at 64 kB
 * (server/hygiene.ts), sent as multipart so commas are not escaped: some 350 appointments, a busy month of
 * one salon; a longer period is exported and imported in parts.
 */
export const MAX_APPOINTMENT_CSV_CHARS = 50_000;
const MAX_APPOINTMENT_ROWS = 5_000;

const squash = (header: string) => header.toLowerCase().replace(/[^a-z0-9#]/g, "");

/**
 * The preset's mapping fitted to the file's actual headers: each field takes
 * the header that is the preset's one, ignoring case, spaces and punctuation
 * ("Client email" for "Client Email"); a field whose column is missing is
 * left for the manager to choose.
 */
export function fitMapping(preset: Preset | null, headers: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  if (!preset) return mapping;
  for (const field of APPOINTMENT_FIELDS) {
    const wanted = PRESET_COLUMNS[preset][field];
    const found = wanted ? headers.find((h) => squash(h) === squash(wanted)) : undefined;
    if (found) mapping[field] = found;
  }
  return mapping;
}

/** The preset whose columns the file has most of, or null when none fits at least half. */
export function guessPreset(headers: readonly string[]): Preset | null {
  let best: { preset: Preset; share: number } | null = null;
  for (const preset of PRESETS) {
    const wanted = Object.values(PRESET_COLUMNS[preset]);
    const share = Object.keys(fitMapping(preset, headers)).length / wanted.length;
    if (share >= 0.5 && (!best || share > best.share)) best = { preset, share };
  }
  return best?.preset ?? null;
}

export interface ParsedAppointment {
  externalId: string;
  startsAt: Date;
  salon: string;
  stylist: string;
  service: string;
  valuePence: number | null;
  clientName: string;
  mobile: string | null;
  email: string | null;
  cancelled: boolean;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** A date (2026-11-27, 27/11/2026, 27-11-2026, 27 Nov 2026) and a time (14:30, 2:30 PM), on London's clock. */
export function parseStart(dateText: string, timeText: string): Date | null {
  const pad = (n: string | number) => String(n).padStart(2, "0");
  const text = dateText.trim();
  const iso = /(\d{4})-(\d{1,2})-(\d{1,2})/.exec(text);
  const uk = /(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})/.exec(text);
  const named = /(\d{1,2})\s+([A-Za-z]{3})[a-z]*\.?,?\s+(\d{4})/.exec(text);
  let day: string | null = null;
  let rest = text;
  if (iso) {
    day = `${iso[1]}-${pad(iso[2] as string)}-${pad(iso[3] as string)}`;
    rest = text.replace(iso[0], " ");
  } else if (uk) {
    day = `${uk[3]}-${pad(uk[2] as string)}-${pad(uk[1] as string)}`;
    rest = text.replace(uk[0], " ");
  } else if (named) {
    const month = MONTHS.indexOf((named[2] as string).toLowerCase());
    if (month >= 0) day = `${named[3]}-${pad(month + 1)}-${pad(named[1] as string)}`;
    rest = text.replace(named[0], " ");
  }
  if (!day) return null;
  // The time from its own column, or what follows the date in a combined one ("2026-11-27T14:30").
  const clock = /(\d{1,2})[:.](\d{2})(?::\d{2})?\s*([ap]\.?m\.?)?/i.exec(timeText.trim() || rest);
  let hours = 0;
  let minutes = 0;
  if (clock) {
    hours = Number(clock[1]);
    minutes = Number(clock[2]);
    const meridiem = clock[3]?.toLowerCase().replace(/\./g, "");
    if (meridiem === "pm" && hours < 12) hours += 12;
    if (meridiem === "am" && hours === 12) hours = 0;
  } else if (timeText.trim()) return null;
  const at = fromLondonLocal(`${day}T${pad(hours)}:${pad(minutes)}`);
  // A year outside DAY_YEARS (0000 in a broken export) is no appointment the database could store.
  return at && isSaneInstant(at) ? at : null;
}

/** "£45.00", "45", "1,250.5", "GBP 45" → pence; blank → null; anything else → undefined (a refusal). */
export function parseValuePence(text: string): number | null | undefined {
  const cleaned = text.replace(/£|gbp|,|\s/gi, "");
  if (cleaned === "") return null;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

const CANCELLED = /cancel|no[\s-]?show|deleted/i;

export type AppointmentCsvResult =
  | { ok: true; appointments: ParsedAppointment[]; skipped: number }
  | { ok: false; error: string; problems: { row: number; message: string }[] };

/** The file's header row, or null when it is no CSV. */
export function csvHeaders(text: string): string[] | null {
  const rows = parseCsv(text);
  const first = rows?.[0];
  return first ? first.fields.map((f) => f.trim()) : null;
}

/**
 * Every row read through the mapping. A row without a reference or a
 * readable date is a problem (named by its line); a row with neither a
 * mobile nor an e-mail is kept (it may be a walk-in) and simply matches
 * nothing. All rows are checked first: one problem, and nothing is imported.
 */
export function parseAppointmentsCsv(text: string, mapping: ColumnMapping): AppointmentCsvResult {
  if (text.length > MAX_APPOINTMENT_CSV_CHARS)
    return { ok: false, error: "That file is too large: export a shorter period.", problems: [] };
  const rows = parseCsv(text);
  if (!rows || rows.length === 0)
    return { ok: false, error: "That file is not a CSV export we can read.", problems: [] };
  const [header, ...body] = rows;
  const headers = (header?.fields ?? []).map((f) => f.trim());
  const missing = REQUIRED.filter((field) => !mapping[field] || !headers.includes(mapping[field] as string));
  if (!mapping.name && !mapping.firstName) missing.push("name");
  if (missing.length > 0)
    return {
      ok: false,
      error: `Choose the columns for: ${missing.map((f) => FIELD_LABELS[f]).join(", ")}.`,
      problems: [],
    };
  if (body.length > MAX_APPOINTMENT_ROWS)
    return { ok: false, error: `That file has more than ${MAX_APPOINTMENT_ROWS} appointments.`, problems: [] };
  const index = Object.fromEntries(
    APPOINTMENT_FIELDS.map((field) => [field, mapping[field] ? headers.indexOf(mapping[field] as string) : -1]),
  ) as Record<AppointmentField, number>;
  const problems: { row: number; message: string }[] = [];
  const appointments: ParsedAppointment[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const { line, fields } of body) {
    const get = (field: AppointmentField) => (index[field] >= 0 ? (fields[index[field]] ?? "").trim() : "");
    const externalId = get("externalId");
    if (!externalId) {
      problems.push({ row: line, message: "no appointment reference." });
      continue;
    }
    const startsAt = parseStart(get("date"), get("time"));
    if (!startsAt) {
      problems.push({
        row: line,
        message: `the date "${`${get("date")} ${get("time")}`.trim()}" is not one we can read.`,
      });
      continue;
    }
    const valuePence = parseValuePence(get("value"));
    if (valuePence === undefined) {
      problems.push({ row: line, message: `the price "${get("value")}" is not an amount.` });
      continue;
    }
    // An export lists an appointment once per service: the first line stands for it.
    if (seen.has(externalId)) {
      skipped++;
      continue;
    }
    seen.add(externalId);
    const clientName = (get("name") || `${get("firstName")} ${get("lastName")}`).replace(/\s+/g, " ").trim();
    appointments.push({
      externalId: externalId.slice(0, 100),
      startsAt,
      salon: get("salon").slice(0, 100),
      stylist: get("stylist").slice(0, 100),
      service: get("service").slice(0, 200),
      valuePence,
      clientName: clientName.slice(0, 200),
      mobile: normaliseMobile(get("mobile")),
      email: normaliseAppointmentEmail(get("email")),
      cancelled: CANCELLED.test(get("status")),
    });
  }
  if (problems.length > 0)
    return { ok: false, error: `${problems.length} rows could not be read; nothing was imported.`, problems };
  return { ok: true, appointments, skipped };
}
