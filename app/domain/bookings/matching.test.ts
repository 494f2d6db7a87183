import { describe, expect, it } from "vitest";
import {
  matchAppointment,
  namesAgree,
  normaliseAppointmentEmail,
  normaliseMobile,
  type QuoteToMatch,
} from "./matching";
import { generateSalon } from "./test-bookings";

const day = (iso: string) => new Date(`${iso}T10:00:00Z`);
const quote = (over: Partial<QuoteToMatch> & { id: number }): QuoteToMatch => ({
  name: "Amelia Hart",
  mobile: "+447700900123",
  email: "amelia@example.com",
  createdAt: day("2026-11-01"),
  locked: false,
  ...over,
});
const booking = { name: "Amelia Hart", mobile: "+447700900123", email: null, startsAt: day("2026-11-20") };

describe("normalising what the booking system holds", () => {
  it.each([
    ["07700 900123"],
    ["+44 7700 900123"],
    ["+44 (0)7700 900123"],
    ["(07700) 900-123"],
    ["0044 7700 900123"],
    ["447700900123"],
  ])("reads %s as +447700900123", (typed) => {
    expect(normaliseMobile(typed)).toBe("+447700900123");
  });
  it("has no mobile for a landline, a blank or nonsense", () => {
    expect(normaliseMobile("020 7946 0000")).toBeNull();
    expect(normaliseMobile("")).toBeNull();
    expect(normaliseMobile("n/a")).toBeNull();
  });
  it("compares e-mails trimmed and in lower case, and drops what is not one", () => {
    expect(normaliseAppointmentEmail("  Amelia.Hart@Example.COM ")).toBe("amelia.hart@example.com");
    expect(normaliseAppointmentEmail("none")).toBeNull();
  });
  it("reads a pasted mobile and e-mail as the quote stored them", () => {
    expect(normaliseMobile("\u202D+44\u00A07700\u00A0900123\u202C")).toBe("+447700900123");
    expect(normaliseAppointmentEmail("amelia@example.com\u200B")).toBe("amelia@example.com");
    expect(normaliseAppointmentEmail("jo@münchen.de")).toBe("jo@xn--mnchen-3ya.de");
  });
});

describe("namesAgree", () => {
  it.each([
    ["Amelia Hart", "amelia hart"],
    ["Amelia Hart", "AMELIA HART"],
    ["Amelia Hart", "Amelia Harte"],
    ["Katherine Phillipson", "Kath Philipson"],
    ["Zoë O'Brien", "Zoe OBrien"],
    ["Amelia Hart", "Amelia"],
    ["Amelia Jane Hart", "Amelia Hart"],
    // Names outside a–z agree by their own letters, typed in any case or normal form.
    ["Ольга Смирнова", "ОЛЬГА СМИРНОВА"],
    ["Ольга Смирнова", "Ольга Смирнова"],
    ["김민지", "김민지"],
    ["김민지", "\u1100\u1175\u11B7\u1106\u1175\u11AB\u110C\u1175"],
    ["王秀英", "王秀英"],
    ["王 秀英", "王秀英"],
    ["فاطمة الزهراء", "فاطمة الزهراء\u200F"],
    ["Ελένη Παπαδοπούλου", "ΕΛΕΝΗ ΠΑΠΑΔΟΠΟΥΛΟΥ"],
    ["נועה כהן", "נועה כהן"],
    ["प्रिया शर्मा", "प्रिया शर्मा"],
    ["Łukasz Wróblewski", "Lukasz Wroblewski"],
    ["Siobhán O’Brien", "Siobhan O'Brien"],
  ])("%s and %s may be one person", (a, b) => {
    expect(namesAgree(a, b)).toBe(true);
  });
  it.each([
    ["Amelia Hart", "Olivia Hart"],
    ["Amelia Hart", "Amelia Smith"],
    ["Mia Hart", "Ava Hart"],
    ["Amelia Hart", ""],
    ["Ольга Смирнова", "Ирина Смирнова"],
    ["김민지", "김민준"],
    ["王秀英", "王秀兰"],
    ["فاطمة الزهراء", "مريم الزهراء"],
    ["प्रिया शर्मा", "पूजा शर्मा"],
  ])("%s and %s are two people", (a, b) => {
    expect(namesAgree(a, b)).toBe(false);
  });
});

describe("matchAppointment", () => {
  it("matches the one quote with the same mobile and name", () => {
    expect(matchAppointment(booking, [quote({ id: 1 })])).toEqual({
      kind: "confident",
      quoteId: 1,
      reason: "same-person",
    });
  });
  it("matches by e-mail alone", () => {
    const result = matchAppointment({ ...booking, mobile: null, email: "amelia@example.com" }, [quote({ id: 1 })]);
    expect(result).toMatchObject({ kind: "confident", quoteId: 1 });
  });
  it("ignores quotes older than 60 days or saved after the appointment", () => {
    expect(
      matchAppointment(booking, [
        quote({ id: 1, createdAt: day("2026-09-01") }),
        quote({ id: 2, createdAt: day("2026-11-25") }),
      ]),
    ).toEqual({ kind: "none" });
  });
  it("sends a shared family phone to review", () => {
    expect(matchAppointment({ ...booking, name: "Olivia Hart" }, [quote({ id: 1 })])).toEqual({
      kind: "review",
      quoteIds: [1],
      reason: "shared-phone",
    });
  });
  it("sends the same e-mail under another name to review", () => {
    const result = matchAppointment({ ...booking, mobile: null, email: "amelia@example.com", name: "Tom Hart" }, [
      quote({ id: 1 }),
    ]);
    expect(result).toMatchObject({ kind: "review", reason: "name-mismatch" });
  });
  it("sends two open quotes of one person to review, newest first", () => {
    const result = matchAppointment(booking, [quote({ id: 1 }), quote({ id: 2, createdAt: day("2026-11-05") })]);
    expect(result).toEqual({ kind: "review", quoteIds: [2, 1], reason: "two-open-quotes" });
  });
  it("never offers a quote a person settled, and says so when that is all there is", () => {
    expect(matchAppointment(booking, [quote({ id: 1, locked: true })])).toEqual({ kind: "locked", quoteIds: [1] });
    expect(matchAppointment(booking, [quote({ id: 1, locked: true }), quote({ id: 2 })])).toMatchObject({
      kind: "confident",
      quoteId: 2,
    });
  });
});

describe("accuracy on a generated salon: 1,000 appointments against 2,000 quotes", () => {
  const salon = generateSalon(20261127);
  const byId = new Map(salon.quotes.map((q) => [q.id, q]));
  const candidates: QuoteToMatch[] = salon.quotes.map((q) => ({
    id: q.id,
    name: q.name,
    mobile: q.mobile,
    email: q.email,
    createdAt: q.createdAt,
    locked: q.settledByPerson,
  }));
  const results = salon.appointments
    .filter((a) => !a.cancelled)
    .map((a) => ({
      appointment: a,
      result: matchAppointment(
        {
          name: a.name,
          mobile: normaliseMobile(a.mobile),
          email: normaliseAppointmentEmail(a.email),
          startsAt: a.startsAt,
        },
        candidates,
      ),
    }));

  it("has the noise it claims", () => {
    expect(salon.quotes).toHaveLength(2000);
    expect(salon.appointments).toHaveLength(1000);
    const kinds = new Set(salon.appointments.map((a) => a.kind));
    expect([...kinds].sort()).toEqual(["client", "family", "no-quote", "returning-twice", "too-late"]);
    expect(salon.appointments.some((a) => a.mobile.startsWith("+44"))).toBe(true);
    expect(salon.appointments.some((a) => a.mobile.startsWith("07"))).toBe(true);
    expect(salon.appointments.some((a) => a.cancelled)).toBe(true);
  });

  it("is at least 95% precise, finds at least 90% and never picks a quote a person settled", () => {
    const confident = results.filter((r) => r.result.kind === "confident");
    const right = confident.filter((r) => r.result.kind === "confident" && r.result.quoteId === r.appointment.truth);
    // What could be matched: a true quote nobody settled by hand.
    const findable = results.filter(
      (r) => r.appointment.truth !== null && !byId.get(r.appointment.truth)?.settledByPerson,
    );
    const precision = right.length / confident.length;
    const recall = right.length / findable.length;
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.9);
    const overwritten = confident.filter(
      (r) => r.result.kind === "confident" && byId.get(r.result.quoteId)?.settledByPerson,
    );
    expect(overwritten).toEqual([]);
  });

  it("sends every relative on a family phone to review or nowhere, never straight to Booked", () => {
    const family = results.filter((r) => r.appointment.kind === "family");
    expect(family.length).toBeGreaterThan(20);
    const wrong = family.filter((r) => r.result.kind === "confident");
    expect(wrong.length / family.length).toBeLessThanOrEqual(0.02);
  });
});
