import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decodeTextFile } from "../staff/text-file";
import {
  contentReference,
  csvHeaders,
  fitMapping,
  guessMapping,
  guessPreset,
  PRESET_COLUMNS,
  PRESETS,
  parseAppointmentsCsv,
  parseStart,
  parseValuePence,
} from "./appointment-csv";
import { readAppointmentEvent } from "./webhook-event";

const headerOf = (preset: (typeof PRESETS)[number]) => Object.values(PRESET_COLUMNS[preset]).join(",");

describe("reading a booking system's export", () => {
  it.each([
    ["27/11/2026", "14:30", "2026-11-27T14:30:00.000Z"],
    ["2026-11-27", "2:30 PM", "2026-11-27T14:30:00.000Z"],
    ["27 Nov 2026", "09:05", "2026-11-27T09:05:00.000Z"],
    ["2026-07-01T10:00", "", "2026-07-01T09:00:00.000Z"],
    ["01/07/2026 10:00", "", "2026-07-01T09:00:00.000Z"],
  ])("reads %s %s on London's clock", (date, time, iso) => {
    expect(parseStart(date, time)?.toISOString()).toBe(iso);
  });
  it("refuses a date it cannot read", () => {
    expect(parseStart("next Tuesday", "")).toBeNull();
    expect(parseStart("2026-11-27", "teatime")).toBeNull();
  });
  it.each([
    // Square's API writes instants in UTC: 13:30Z in July is 14:30 in London.
    ["2026-07-27T13:30:00Z", "", "2026-07-27T13:30:00.000Z"],
    ["2026-01-15T13:30:00Z", "", "2026-01-15T13:30:00.000Z"],
    ["2026-07-27T15:00:00+01:00", "", "2026-07-27T14:00:00.000Z"],
    ["2026-07-27 13:30:00.000 -0400", "", "2026-07-27T17:30:00.000Z"],
    ["2026-07-27", "13:30Z", "2026-07-27T13:30:00.000Z"],
    ["27/07/2026", "13:30 UTC", "2026-07-27T13:30:00.000Z"],
    // The hour the clocks go back: an instant names which of the two 01:30s it is.
    ["2026-10-25T00:30:00Z", "", "2026-10-25T00:30:00.000Z"],
    ["2026-10-25T01:30:00Z", "", "2026-10-25T01:30:00.000Z"],
  ])("reads the instant %s %s as given", (date, time, iso) => {
    expect(parseStart(date, time)?.toISOString()).toBe(iso);
  });
  it("refuses a time that is no time", () => {
    expect(parseStart("2026-07-27T25:30:00Z", "")).toBeNull();
    expect(parseStart("2026-07-27", "14:75")).toBeNull();
  });
  it("reads a refund or credit as negative pence, in each way exports write one", () => {
    expect(parseValuePence("-£5.00")).toBe(-500);
    expect(parseValuePence("£-5.00")).toBe(-500);
    expect(parseValuePence("(£5.00)")).toBe(-500);
    expect(parseValuePence("\u22125")).toBe(-500);
    expect(parseValuePence("-0.00")).toBe(0);
    expect(parseValuePence("--5")).toBeUndefined();
  });
  it("refuses a year the database has no day for, or no salon would book", () => {
    expect(parseStart("0000-01-01", "10:00")).toBeNull();
    expect(parseStart("01/01/0000", "10:00")).toBeNull();
    expect(parseStart("2026-01-01", "10:00")).not.toBeNull();
  });
  it("reads prices in pounds as pence", () => {
    expect(parseValuePence("£65.00")).toBe(6500);
    expect(parseValuePence("GBP 1,250.5")).toBe(125050);
    expect(parseValuePence("")).toBeNull();
    expect(parseValuePence("free")).toBeUndefined();
  });

  it("recognises each preset by its headers, and maps every column", () => {
    for (const preset of PRESETS) {
      const headers = csvHeaders(`${headerOf(preset)}\r\n`) ?? [];
      expect(guessPreset(headers)).toBe(preset);
      expect(fitMapping(preset, headers)).toEqual(PRESET_COLUMNS[preset]);
    }
    expect(guessPreset(["Foo", "Bar"])).toBeNull();
  });

  it("fits a preset to headers that drifted in case and spacing, and leaves a renamed one to the manager", () => {
    const mapping = fitMapping("phorest", ["appointment id", "Appointment  Date", "Mobile Phone", "Client First Name"]);
    expect(mapping).toEqual({
      externalId: "appointment id",
      date: "Appointment  Date",
      firstName: "Client First Name",
    });
  });

  it("reads a Fresha export: one line per appointment, cancellations marked, contacts normalised", () => {
    const csv = [
      headerOf("fresha"),
      "FR-1,2026-11-27,10:00,Kestwick,Jo,Cut,45,Amelia Hart,(07700) 900-123, Amelia@Example.com ,Confirmed",
      "FR-1,2026-11-27,10:00,Kestwick,Jo,Blow dry,20,Amelia Hart,(07700) 900-123,,Confirmed",
      "FR-2,2026-11-28,11:00,Kestwick,Jo,Cut,45,Bea Cole,,,Cancelled",
    ].join("\n");
    const result = parseAppointmentsCsv(csv, fitMapping("fresha", csvHeaders(csv) ?? []));
    expect(result).toMatchObject({
      ok: true,
      skipped: 1,
      appointments: [
        {
          externalId: "FR-1",
          clientName: "Amelia Hart",
          mobile: "+447700900123",
          email: "amelia@example.com",
          valuePence: 4500,
          cancelled: false,
        },
        { externalId: "FR-2", mobile: null, email: null, cancelled: true },
      ],
    });
  });

  it("names every row it cannot read, and imports the others", () => {
    const csv = [
      headerOf("timely"),
      "T1,someday,,Loc,Sam,Cut,55,Tilly,Tate,,,Confirmed",
      "T2,2026-11-27,10:00,Loc,Sam,Cut,free,Una,Vale,,,Confirmed",
      "T3,2026-11-27,11:00,Loc,Sam,Cut,55,Wren,Xu,,,Confirmed",
    ].join("\n");
    const result = parseAppointmentsCsv(csv, fitMapping("timely", csvHeaders(csv) ?? []));
    expect(result).toMatchObject({
      ok: true,
      appointments: [{ externalId: "T3", clientName: "Wren Xu", valuePence: 5500 }],
      refused: [
        { row: 2, message: 'the date "someday" is not one we can read.' },
        { row: 3, message: 'the price "free" is not an amount.' },
      ],
      notes: [],
    });
    if (result.ok) expect(result.appointments).toHaveLength(1);
  });

  it("refuses the file when none of its rows can be read", () => {
    const csv = [headerOf("timely"), "T1,someday,,Loc,Sam,Cut,55,Tilly,Tate,,,Confirmed"].join("\n");
    expect(parseAppointmentsCsv(csv, fitMapping("timely", csvHeaders(csv) ?? []))).toEqual({
      ok: false,
      error: "None of the file's one row could be read; nothing was imported.",
      problems: [{ row: 2, message: 'the date "someday" is not one we can read.' }],
    });
  });

  it("asks for the columns it cannot do without", () => {
    const result = parseAppointmentsCsv("A,B\n1,2\n", { externalId: "A" });
    expect(result).toEqual({
      ok: false,
      error: "Choose the columns for: Date (or date and time), Client's full name.",
      problems: [],
    });
  });
});

describe("columns guessed from their headers", () => {
  it("maps plain headers, with no reference column", () => {
    const headers = ["Date", "Time", "Client Name", "Mobile", "Email", "Staff", "Service", "Price"];
    expect(guessPreset(headers)).toBeNull();
    expect(guessMapping(null, headers)).toEqual({
      date: "Date",
      time: "Time",
      name: "Client Name",
      mobile: "Mobile",
      email: "Email",
      stylist: "Staff",
      service: "Service",
      value: "Price",
    });
  });

  it.each([
    [
      "Square",
      ["Booking ID", "Start At", "Customer Name", "Phone", "Email", "Team Member", "Service", "Amount", "Status"],
      {
        externalId: "Booking ID",
        date: "Start At",
        name: "Customer Name",
        mobile: "Phone",
        email: "Email",
        stylist: "Team Member",
        service: "Service",
        value: "Amount",
        status: "Status",
      },
    ],
    [
      "Booksy",
      ["Appointment ID", "Date", "Start", "Customer", "Tel", "E-mail", "Employee", "Service", "Total", "Status"],
      {
        externalId: "Appointment ID",
        date: "Date",
        time: "Start",
        name: "Customer",
        mobile: "Tel",
        email: "E-mail",
        stylist: "Employee",
        service: "Service",
        value: "Total",
        status: "Status",
      },
    ],
    [
      "a hand-made sheet",
      [
        "ref",
        "DAY",
        "start time",
        "First name",
        "Surname",
        "Phone number",
        "Email address",
        "Stylist",
        "Item",
        "Value",
      ],
      {
        externalId: "ref",
        date: "DAY",
        time: "start time",
        firstName: "First name",
        lastName: "Surname",
        mobile: "Phone number",
        email: "Email address",
        stylist: "Stylist",
        service: "Item",
        value: "Value",
      },
    ],
  ])("maps %s's headers", (_source, headers, expected) => {
    expect(guessMapping(null, headers)).toEqual(expected);
  });

  it("keeps a preset's columns and fills in the rest from the words", () => {
    const headers = ["Ref #", "Scheduled Date", "Time", "Client", "Phone", "Service", "Price"];
    expect(guessMapping("fresha", headers)).toEqual({
      externalId: "Ref #",
      date: "Scheduled Date",
      time: "Time",
      name: "Client",
      mobile: "Phone",
      service: "Service",
      value: "Price",
    });
  });
});

describe("the corpus's exports, read", () => {
  const file = (name: string) =>
    decodeTextFile(readFileSync(new URL(`../../../tests/corpus/csv/${name}`, import.meta.url)));
  const readExport = (name: string) => {
    const { text } = file(name);
    const headers = csvHeaders(text) ?? [];
    return parseAppointmentsCsv(text, guessMapping(guessPreset(headers), headers));
  };

  it("a file without references gets one per appointment from its content, the same each time it is read", () => {
    const first = readExport("plain-headers.csv");
    expect(first).toMatchObject({
      ok: true,
      skipped: 1,
      refused: [],
      notes: [],
      appointments: [
        {
          startsAt: new Date("2026-07-27T08:30:00Z"),
          clientName: "Amelia Hart",
          mobile: "+447700900201",
          email: "amelia.hart@example.com",
          stylist: "Agnes",
          service: "Cut and finish",
          valuePence: 6500,
        },
        { clientName: "Bea Cole", service: "Colour", valuePence: 9500 },
        { clientName: "Cara Dunn", mobile: null, email: "cara@example.org" },
      ],
    });
    const references = first.ok ? first.appointments.map((a) => a.externalId) : [];
    expect(new Set(references).size).toBe(3);
    for (const reference of references) expect(reference).toMatch(/^row-[0-9a-f]{16}$/);
    const again = readExport("plain-headers.csv");
    expect(again.ok ? again.appointments.map((a) => a.externalId) : []).toEqual(references);
    // Another time is another appointment.
    expect(
      contentReference({
        startsAt: new Date("2026-07-27T09:30:00Z"),
        clientName: "Amelia Hart",
        mobile: "+447700900201",
        email: "amelia.hart@example.com",
      }),
    ).not.toBe(references[0]);
  });

  it("leaves refund lines out with a note each, and imports the rest", () => {
    expect(readExport("phorest-refund-lines.csv")).toEqual({
      ok: true,
      skipped: 0,
      refused: [],
      notes: [
        { row: 3, message: "a refund or credit of £5, not an appointment: left out." },
        { row: 5, message: "a refund or credit of £10, not an appointment: left out." },
      ],
      appointments: [
        expect.objectContaining({ externalId: "PH-7001", clientName: "Dora Evans", valuePence: 4500 }),
        expect.objectContaining({ externalId: "PH-7002", clientName: "Erin Ford", valuePence: 8000 }),
      ],
    });
  });

  it("stores UTC instants and offsets as the instants they name", () => {
    const result = readExport("square-utc-instants.csv");
    expect(
      result.ok ? result.appointments.map((a) => [a.externalId, a.startsAt.toISOString(), a.cancelled]) : [],
    ).toEqual([
      ["sq-8001", "2026-07-27T13:30:00.000Z", false],
      ["sq-8002", "2026-01-15T13:30:00.000Z", false],
      ["sq-8003", "2026-07-27T14:00:00.000Z", true],
      ["sq-8004", "2026-10-25T00:30:00.000Z", false],
    ]);
  });

  it("reads the same three appointments from every encoding", () => {
    for (const name of [
      "fresha-utf8.csv",
      "fresha-utf8-bom-crlf.csv",
      "fresha-excel-windows-1252.csv",
      "fresha-excel-unicode-text-utf16le.txt",
      "fresha-utf16le-no-bom.csv",
      "fresha-utf16be-bom.csv",
    ])
      expect(readExport(name), name).toMatchObject({
        ok: true,
        refused: [],
        appointments: [
          { externalId: "FR-5001", clientName: "Zoë Brontë", stylist: "Agnès", valuePence: 1600 },
          { externalId: "FR-5002", service: "Balayage — full head", clientName: "Siobhán Ó Briain", valuePence: 11850 },
          { externalId: "FR-5003", clientName: "François Lefèvre", valuePence: 3200, cancelled: true },
        ],
      });
  });

  it("keeps quoted commas, quotes and line breaks, and names in every script", () => {
    const quoted = readExport("quoted-fields.csv");
    expect(quoted.ok ? quoted.appointments.map((a) => [a.clientName, a.service, a.valuePence]) : []).toEqual([
      ["Hart, Amelia", "Cut, wash and finish", 6500],
      ['Nora "Nell" Quinn', "Colour\n(root touch-up)", 7000],
      ["Olive Reed", 'Treatment, "bond repair"', 125000],
    ]);
    const names = readExport("names-in-several-scripts.csv");
    expect(names.ok ? names.appointments.map((a) => a.clientName) : []).toEqual([
      "Анна Петрова",
      "김민준",
      "王芳",
      "فاطمة الزهراء",
      "Łukasz Wójcik",
      "Ελένη Παπαδοπούλου",
      "Nguyễn Thị Hương",
      "राहुल शर्मा",
    ]);
  });
});

describe("the webhook's event", () => {
  const event = {
    event: "appointment.created",
    appointment: {
      id: 42,
      start: "2026-12-01T10:30:00Z",
      price: 65,
      client: { name: "Amelia Hart", mobile: "07700 900123", email: "A@example.com" },
    },
  };
  it("reads an appointment created", () => {
    expect(readAppointmentEvent(event)).toMatchObject({
      ok: true,
      event: "created",
      appointment: { externalId: "42", valuePence: 6500, mobile: "+447700900123", email: "a@example.com" },
    });
  });
  it("says what is wrong with a bad one", () => {
    expect(readAppointmentEvent({ ...event, event: "appointment.moved" })).toMatchObject({ ok: false });
    expect(readAppointmentEvent({ ...event, appointment: { ...event.appointment, price: -5 } })).toEqual({
      ok: false,
      error: "appointment.price must be an amount in pounds.",
    });
    expect(readAppointmentEvent({ ...event, appointment: { ...event.appointment, start: "tomorrow" } })).toEqual({
      ok: false,
      error: "appointment.start must be a date and time (ISO 8601, with its zone) between 1900 and 2100.",
    });
    expect(
      readAppointmentEvent({ ...event, appointment: { ...event.appointment, start: "0000-01-01T10:00:00Z" } }),
    ).toMatchObject({ ok: false, error: expect.stringContaining("between 1900 and 2100") });
    expect(readAppointmentEvent([])).toMatchObject({ ok: false });
  });
});
