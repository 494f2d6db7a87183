import { describe, expect, it } from "vitest";
import { SEED_OPENING_HOURS, salons } from "~/server/seed/content";
import { hoursFormValues, openingDays, salonSchema } from "./salon-info";

describe("a salon's week as the pages show it", () => {
  it("labels each day, Monday first, the way the salon has always written them", () => {
    expect(openingDays(SEED_OPENING_HOURS).map((d) => `${d.day} ${d.label}`)).toEqual([
      "Monday Closed",
      "Tuesday 9am – 5pm",
      "Wednesday 11am – 8pm",
      "Thursday 11am – 8pm",
      "Friday 9am – 5pm",
      "Saturday 8:30am – 4:30pm",
      "Sunday Closed",
    ]);
  });

  it("reads a salon without hours as closed, never inventing any", () => {
    expect(openingDays(null).every((d) => d.label === "Closed" && d.opens === null)).toBe(true);
    expect(openingDays([{ opens: "00:00", closes: "12:30" }])[0]?.label).toBe("12am – 12:30pm");
  });
});

describe("the salon form", () => {
  const [wrenbridge] = salons;
  const typed = {
    name: " Maison Ivy Wrenbridge ",
    address: "14 Market Row",
    town: "Wrenbridge",
    postcode: "wb1 2mr",
    telephone: "01632 960214",
    bookingUrl: "https://booking.example/maison-ivy-wrenbridge",
    ...hoursFormValues(SEED_OPENING_HOURS),
  };

  it("turns the form into the row, a closed day as null", () => {
    expect(salonSchema.parse(typed)).toEqual({
      // No box ticked: the uploaded photo stays.
      removePicture: false,
      name: "Maison Ivy Wrenbridge",
      address: "14 Market Row",
      town: "Wrenbridge",
      postcode: "WB1 2MR",
      telephone: "01632 960214",
      bookingUrl: wrenbridge?.bookingUrl,
      openingHours: SEED_OPENING_HOURS,
      // No alerts address given: the salon gets no alerts.
      alerts: { email: null, mobile: null },
    });
  });

  it("keeps the alerts e-mail in lower case and the alerts mobile in E.164", () => {
    expect(
      salonSchema.parse({ ...typed, alertEmail: " Desk@MaisonIvy.example ", alertMobile: "07700 900 321" }).alerts,
    ).toEqual({ email: "desk@maisonivy.example", mobile: "+447700900321" });
  });

  const problems = (change: Record<string, string>) => {
    const parsed = salonSchema.safeParse({ ...typed, ...change });
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it.each([
    [{ "monday-opens": "09:00" }, "monday-closes", "both an opening and a closing time"],
    [{ "tuesday-closes": "08:00" }, "tuesday-closes", "must close after it opens"],
    [{ "friday-opens": "9am" }, "friday-opens", "hours and minutes"],
    [{ "friday-opens": "24:00" }, "friday-opens", "hours and minutes"],
    [{ telephone: "call us" }, "telephone", "UK telephone number"],
    [{ alertEmail: "desk at the salon" }, "alertEmail", "alerts e-mail as an address"],
    [{ alertMobile: "01632 960214" }, "alertMobile", "UK mobile number"],
    [{ postcode: "12345" }, "postcode", "UK postcode"],
    [{ bookingUrl: "http://booking.example" }, "bookingUrl", "https://"],
    [{ name: "" }, "name", "Please enter the salon's name."],
  ])("refuses %j with a message on %s", (change, field, message) => {
    expect(problems(change)[field]).toContain(message);
  });
});
