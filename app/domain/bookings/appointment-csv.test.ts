import { describe, expect, it } from "vitest";
import {
  csvHeaders,
  fitMapping,
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

  it("names every row it cannot read, and imports nothing", () => {
    const csv = [headerOf("timely"), "T1,someday,,Loc,Sam,Cut,55,Tilly,Tate,,,Confirmed", ",2026-11-27,,,,,,,,,,"].join(
      "\n",
    );
    const result = parseAppointmentsCsv(csv, fitMapping("timely", csvHeaders(csv) ?? []));
    expect(result).toEqual({
      ok: false,
      error: "2 rows could not be read; nothing was imported.",
      problems: [
        { row: 2, message: 'the date "someday" is not one we can read.' },
        { row: 3, message: "no appointment reference." },
      ],
    });
  });

  it("asks for the columns it cannot do without", () => {
    const result = parseAppointmentsCsv("A,B\n1,2\n", { externalId: "A" });
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/Date .*Client's full name/) });
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
