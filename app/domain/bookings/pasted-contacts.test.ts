/**
 * A booking system's export whose contacts were pasted from a phone: the
 * row keeps its mobile and e-mail, and a client whose name is in
 * another script is matched to their quote, not sent to review.
 */
import { describe, expect, it } from "vitest";
import { PASTED_MOBILE_IPHONE } from "../../../tests/corpus/text/typed-text";
import { csvHeaders, fitMapping, PRESET_COLUMNS, parseAppointmentsCsv } from "./appointment-csv";
import { matchAppointment } from "./matching";

const header = Object.values(PRESET_COLUMNS.fresha).join(",");

describe("an import of contacts pasted from a phone", () => {
  const csv = [
    header,
    `FR-1,2026-11-27,10:00,Kestwick,Jo,Cut,45,Ольга Смирнова,${PASTED_MOBILE_IPHONE},olga@example.com\u200B,Confirmed`,
    `FR-2,2026-11-27,11:00,Kestwick,Jo,Cut,45,김민지,\u200E07700 900124,,Confirmed`,
  ].join("\r\n");
  const result = parseAppointmentsCsv(csv, fitMapping("fresha", csvHeaders(csv) ?? []));
  if (!result.ok) throw new Error(result.error);

  it("keeps each row's mobile and e-mail", () => {
    expect(result.appointments.map((a) => [a.mobile, a.email])).toEqual([
      ["+447700900123", "olga@example.com"],
      ["+447700900124", null],
    ]);
  });

  it("matches each client to their quote by their own letters", () => {
    const quotes = [
      { id: 1, name: "Ольга Смирнова", mobile: "+447700900123", email: "olga@example.com", locked: false },
      { id: 2, name: "김민지", mobile: "+447700900124", email: "minji@example.com", locked: false },
    ].map((q) => ({ ...q, createdAt: new Date("2026-11-20T10:00:00Z") }));
    expect(
      result.appointments.map((a) =>
        matchAppointment({ name: a.clientName, mobile: a.mobile, email: a.email, startsAt: a.startsAt }, quotes),
      ),
    ).toEqual([
      { kind: "confident", quoteId: 1, reason: "same-person" },
      { kind: "confident", quoteId: 2, reason: "same-person" },
    ]);
  });
});
