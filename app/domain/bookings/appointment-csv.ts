/**
 * A booking system's appointments export (CSV) read as appointments: the
 * columns each field comes from (the mapping screen), with a preset for the
 * exports of Phorest, Fresha and Timely, and any other file's columns guessed
 * from the common words of their headers (HEADER_WORDS).
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
import { formatGBP } from "../format";
import { fromLondonLocal } from "../salon-time";
import { parseCsv } from "../staff/csv";
import { withoutUntypeable } from "../typed-text";
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

/**
 * Fields an import cannot do without; the client's name comes from "name" or
 * "first name". A file without a reference column still imports: each row's
 * reference is made from its content (contentReference).
 */
const REQUIRED: readonly AppointmentField[] = ["date"];

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
 * (http/hygiene.ts), sent as multipart so commas are not escaped: some 350 appointments, a busy month of
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

/**
 * Header words for each field, as booking systems and spreadsheets write them
 * in English (Fresha, Square, Phorest, Timely, Booksy and hand-made sheets),
 * compared squashed (lower case, no spaces or punctuation: "E-mail address"
 * is "emailaddress"). The first word of a field's list that some header has
 * wins, so the likelier column comes first.
 */
const HEADER_WORDS: Readonly<Record<AppointmentField, readonly string[]>> = {
  externalId: [
    "reference",
    "ref",
    "ref#",
    "refno",
    "bookingref",
    "bookingreference",
    "bookingid",
    "bookingnumber",
    "appointmentid",
    "appointmentref",
    "appointmentreference",
    "appointmentnumber",
    "id",
  ],
  date: [
    "date",
    "appointmentdate",
    "bookingdate",
    "startdate",
    "scheduleddate",
    "start",
    "startat",
    "startsat",
    "startdatetime",
    "appointmentstart",
    "datetime",
    "day",
  ],
  // "Start" beside a "Date" column is the time; alone, it is the date and time (see date above).
  time: ["time", "starttime", "appointmenttime", "bookingtime", "scheduledtime", "start"],
  salon: ["location", "branch", "salon", "site", "store", "locationname", "branchname"],
  stylist: [
    "staff",
    "stylist",
    "teammember",
    "staffmember",
    "employee",
    "staffname",
    "stylistname",
    "teammembername",
    "employeename",
    "professional",
    "provider",
  ],
  service: ["service", "servicename", "item", "itemname", "services", "items", "treatment"],
  value: ["price", "amount", "total", "value", "totalprice", "serviceprice", "totalamount", "grossamount", "sales"],
  name: ["clientname", "customername", "client", "customer", "name", "fullname", "clientfullname", "customerfullname"],
  firstName: ["firstname", "clientfirstname", "customerfirstname", "givenname", "forename"],
  lastName: ["lastname", "surname", "clientlastname", "customerlastname", "clientsurname", "familyname"],
  mobile: [
    "mobile",
    "mobilenumber",
    "clientmobile",
    "customermobile",
    "mobilephone",
    "phone",
    "phonenumber",
    "clientphone",
    "customerphone",
    "tel",
    "telephone",
    "cellphone",
    "contactnumber",
  ],
  email: ["email", "emailaddress", "clientemail", "customeremail", "clientemailaddress", "customeremailaddress"],
  status: ["status", "bookingstatus", "appointmentstatus", "state"],
};

/**
 * The columns to start the mapping screen with: the preset's where the file
 * has them (fitMapping), and for every other field the header that is one of
 * its HEADER_WORDS, each header used once.
 */
export function guessMapping(preset: Preset | null, headers: readonly string[]): ColumnMapping {
  const mapping = fitMapping(preset, headers);
  const used = new Set(Object.values(mapping));
  for (const field of APPOINTMENT_FIELDS) {
    if (mapping[field]) continue;
    for (const word of HEADER_WORDS[field]) {
      const found = headers.find((h) => !used.has(h) && squash(h) === word);
      if (found) {
        mapping[field] = found;
        used.add(found);
        break;
      }
    }
  }
  // A client named in one column needs no first and last name as well.
  if (mapping.name) {
    delete mapping.firstName;
    delete mapping.lastName;
  }
  return mapping;
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

/**
 * A date (2026-11-27, 27/11/2026, 27-11-2026, 27 Nov 2026) and a time (14:30,
 * 2:30 PM), in one column or two. A time with its zone (an instant as
 * Square's API writes it, 2026-07-27T13:30:00Z, or an offset, +01:00) is
 * that instant; a time without one is on London's clock, summer time
 * included. Null when the date, or a time that was given, cannot be read.
 */
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
  const clock =
    /(\d{1,2})[:.](\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([ap]\.?m\.?)?\s*(z|utc|[+-]\d{2}(?::?\d{2})?)?\s*$/i.exec(
      timeText.trim() || rest.trim(),
    );
  let hours = 0;
  let minutes = 0;
  let seconds = 0;
  if (clock) {
    hours = Number(clock[1]);
    minutes = Number(clock[2]);
    seconds = Number(clock[3] ?? 0);
    const meridiem = clock[4]?.toLowerCase().replace(/\./g, "");
    if (meridiem === "pm" && hours < 12) hours += 12;
    if (meridiem === "am" && hours === 12) hours = 0;
  } else if (timeText.trim()) return null;
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const zone = clock?.[5]?.toLowerCase();
  let at: Date | null;
  if (zone) {
    const offset = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
    const offsetMinutes = offset ? (offset[1] === "-" ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3] ?? 0)) : 0;
    const utc = Date.parse(`${day}T${pad(hours)}:${pad(minutes)}:${pad(seconds)}Z`);
    at = Number.isNaN(utc) ? null : new Date(utc - offsetMinutes * 60_000);
  } else at = fromLondonLocal(`${day}T${pad(hours)}:${pad(minutes)}`);
  // A year outside DAY_YEARS (0000 in a broken export) is no appointment the database could store.
  return at && isSaneInstant(at) ? at : null;
}

/**
 * "£45.00", "45", "1,250.5", "GBP 45" → pence; a refund or credit ("-£5.00",
 * "£-5.00", "−5", "(£5.00)" as accounts write it) → negative pence; blank →
 * null; anything else → undefined (a refusal).
 */
export function parseValuePence(text: string): number | null | undefined {
  let cleaned = text.replace(/£|gbp|,|\s/gi, "").replace(/\u2212/g, "-");
  if (cleaned === "") return null;
  const bracketed = /^\((.*)\)$/.exec(cleaned);
  if (bracketed) cleaned = `-${bracketed[1]}`;
  const negative = cleaned.startsWith("-");
  if (negative) cleaned = cleaned.slice(1);
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const [whole, fraction = ""] = cleaned.split(".");
  const pence = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return negative && pence > 0 ? -pence : pence;
}

/**
 * A row's reference when the file gives none: a hash (FNV-1a, 64 bits) of
 * the start instant and the client (name, mobile, e-mail), so the same row
 * imported again is the same appointment and is not stored twice. The
 * service is left out on purpose: an export lists a visit once per service,
 * and those lines are one appointment.
 */
export function contentReference(a: {
  startsAt: Date;
  clientName: string;
  mobile: string | null;
  email: string | null;
}) {
  const key = [a.startsAt.toISOString(), a.clientName.toLowerCase(), a.mobile ?? "", a.email ?? ""].join("\u001f");
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(key)) hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * 0x100000001b3n);
  return `row-${hash.toString(16).padStart(16, "0")}`;
}

const CANCELLED = /cancel|no[\s-]?show|deleted/i;

/** A line of the file, named by its number, and what became of it. */
interface RowNote {
  row: number;
  message: string;
}

export type AppointmentCsvResult =
  | {
      ok: true;
      appointments: ParsedAppointment[];
      /** Further lines of an appointment already read (one line per service). */
      skipped: number;
      /** Lines that could not be read, each with why: the rest are imported. */
      refused: RowNote[];
      /** Lines read and deliberately left out (refunds), each with why. */
      notes: RowNote[];
    }
  | { ok: false; error: string; problems: RowNote[] };

/** The file's header row, or null when it is no CSV. */
export function csvHeaders(text: string): string[] | null {
  const rows = parseCsv(text);
  const first = rows?.[0];
  return first ? first.fields.map((f) => f.trim()) : null;
}

/**
 * A field as stored: characters nobody types dropped, white space trimmed.
 * Mobiles and e-mails then go through the same normalisers as every form
 * (normaliseMobile, normaliseAppointmentEmail).
 */
const cellText = (value: string) => withoutUntypeable(value).trim();

/**
 * Every row read through the mapping. A row without a readable date or
 * price is refused (named by its line) and the others are imported; a row
 * with no reference gets one made from its content; a row with neither a
 * mobile nor an e-mail is kept (it may be a walk-in) and simply matches
 * nothing. A line with a negative price is a refund or credit, money given
 * back against a visit rather than a visit: it books nothing and changes no
 * appointment, so it is left out with a note. The file as a whole is
 * refused only when it cannot be read as CSV, lacks a needed column, is too
 * long, or has no row that can be imported.
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
  const refused: RowNote[] = [];
  const notes: RowNote[] = [];
  const appointments: ParsedAppointment[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const { line, fields } of body) {
    const get = (field: AppointmentField) => (index[field] >= 0 ? cellText(fields[index[field]] ?? "") : "");
    const startsAt = parseStart(get("date"), get("time"));
    if (!startsAt) {
      refused.push({
        row: line,
        message: `the date "${`${get("date")} ${get("time")}`.trim()}" is not one we can read.`,
      });
      continue;
    }
    const valuePence = parseValuePence(get("value"));
    if (valuePence === undefined) {
      refused.push({ row: line, message: `the price "${get("value")}" is not an amount.` });
      continue;
    }
    if (valuePence !== null && valuePence < 0) {
      notes.push({
        row: line,
        message: `a refund or credit of ${formatGBP(-valuePence)}, not an appointment: left out.`,
      });
      continue;
    }
    const clientName = (get("name") || `${get("firstName")} ${get("lastName")}`).replace(/\s+/g, " ").trim();
    const mobile = normaliseMobile(get("mobile"));
    const email = normaliseAppointmentEmail(get("email"));
    const externalId = get("externalId") || contentReference({ startsAt, clientName, mobile, email });
    // An export lists an appointment once per service: the first line stands for it.
    if (seen.has(externalId)) {
      skipped++;
      continue;
    }
    seen.add(externalId);
    appointments.push({
      externalId: externalId.slice(0, 100),
      startsAt,
      salon: get("salon").slice(0, 100),
      stylist: get("stylist").slice(0, 100),
      service: get("service").slice(0, 200),
      valuePence,
      clientName: clientName.slice(0, 200),
      mobile,
      email,
      cancelled: CANCELLED.test(get("status")),
    });
  }
  if (appointments.length === 0 && refused.length > 0)
    return {
      ok: false,
      error: `None of the ${refused.length === 1 ? "file's one row" : `${refused.length} rows`} could be read; nothing was imported.`,
      problems: refused,
    };
  return { ok: true, appointments, skipped, refused, notes };
}
