import { describe, expect, it } from "vitest";
import { isDue, pricesInForce, type ScheduledPrice } from "./price-schedule";
import { londonDay } from "./salon-time";

const services = [
  { id: 1, pricePence: 4950, productPricePence: 0 },
  { id: 2, pricePence: 3300, productPricePence: 1880 },
];

const scheduled = (serviceId: number, effectiveOn: string, pricePence: number, id = 0): ScheduledPrice => ({
  id,
  serviceId,
  pricePence,
  productPricePence: pricePence / 10,
  effectiveOn,
});

describe("the price list in force", () => {
  it("is the services' own prices while no scheduled price is due", () => {
    const later = [scheduled(1, "2026-12-01", 5500)];
    expect(pricesInForce(services, later, "2026-11-30")).toEqual(services);
  });

  it("takes a scheduled price from its day on, the day itself included", () => {
    const rows = [scheduled(1, "2026-12-01", 5500)];
    expect(pricesInForce(services, rows, "2026-12-01")[0]).toEqual({ id: 1, pricePence: 5500, productPricePence: 550 });
    expect(pricesInForce(services, rows, "2027-03-15")[0]?.pricePence).toBe(5500);
    expect(pricesInForce(services, rows, "2026-12-01")[1]).toEqual(services[1]);
  });

  it("takes the latest due price when several are, whatever order the rows come in", () => {
    const rows = [
      scheduled(2, "2027-04-01", 3900, 1),
      scheduled(2, "2026-12-01", 3600, 2),
      scheduled(2, "2027-01-01", 3700, 3),
    ];
    expect(pricesInForce(services, rows, "2026-12-15")[1]?.pricePence).toBe(3600);
    expect(pricesInForce(services, rows, "2027-02-01")[1]?.pricePence).toBe(3700);
    expect(pricesInForce(services, rows, "2027-04-01")[1]?.pricePence).toBe(3900);
  });

  it("changes product prices with the price, and never the input", () => {
    const copy = structuredClone(services);
    const out = pricesInForce(services, [scheduled(2, "2026-01-01", 4000)], "2026-06-01");
    expect(out[1]).toEqual({ id: 2, pricePence: 4000, productPricePence: 400 });
    expect(services).toEqual(copy);
  });

  it("ignores a scheduled price for a service not on the list", () => {
    expect(pricesInForce(services, [scheduled(99, "2026-01-01", 1)], "2026-06-01")).toEqual(services);
  });
});

describe("the salons' calendar day", () => {
  it("turns at midnight in London, in winter (GMT) and in summer (BST)", () => {
    expect(londonDay(new Date("2026-12-01T23:59:59Z"))).toBe("2026-12-01");
    expect(londonDay(new Date("2026-12-02T00:00:00Z"))).toBe("2026-12-02");
    // 23:30 UTC on 30 June is 00:30 on 1 July in London.
    expect(londonDay(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
  });

  it("answers each instant for itself, however the questions before it went", () => {
    // The last second of a summer day, its first, then back, then the same minute of another day.
    expect(londonDay(new Date("2026-06-30T22:59:59.999Z"))).toBe("2026-06-30");
    expect(londonDay(new Date("2026-06-30T23:00:00Z"))).toBe("2026-07-01");
    expect(londonDay(new Date("2026-06-30T22:59:00Z"))).toBe("2026-06-30");
    expect(londonDay(new Date("2026-06-30T22:59:30Z"))).toBe("2026-06-30");
    expect(londonDay(new Date("2026-07-30T22:59:30Z"))).toBe("2026-07-30");
  });

  it("makes a price due from the start of its London day", () => {
    const row = { effectiveOn: "2026-07-01" };
    expect(isDue(row, londonDay(new Date("2026-06-30T22:59:00Z")))).toBe(false);
    expect(isDue(row, londonDay(new Date("2026-06-30T23:00:00Z")))).toBe(true);
  });
});
