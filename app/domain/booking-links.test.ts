import { describe, expect, it } from "vitest";
import { checkBookingUrl, resolveBookingLink } from "./booking-links";

const SALON = "https://book.example/salon-2";
const links = [
  { salonId: 2, stylistId: 7, serviceId: null, url: "https://book.example/isla" },
  { salonId: 2, stylistId: 7, serviceId: 30, url: "https://book.example/isla-balayage" },
  { salonId: 2, stylistId: null, serviceId: 30, url: "https://book.example/salon-2-balayage" },
  { salonId: 2, stylistId: null, serviceId: 40, url: "https://book.example/salon-2-curls" },
  { salonId: 1, stylistId: null, serviceId: 50, url: "https://book.example/salon-1-cut" },
];

describe("which booking link a Book button opens", () => {
  it("takes the stylist's link for the service first", () => {
    expect(resolveBookingLink(links, SALON, { salonId: 2, stylistId: 7, serviceIds: [10, 30] })).toEqual({
      url: "https://book.example/isla-balayage",
      source: "stylist-service",
    });
  });
  it("then the stylist's own link, before a service's link at the salon", () => {
    expect(resolveBookingLink(links, SALON, { salonId: 2, stylistId: 7, serviceIds: [40] })).toEqual({
      url: "https://book.example/isla",
      source: "stylist",
    });
  });
  it("then the first of the quote's services with a link at that salon", () => {
    expect(resolveBookingLink(links, SALON, { salonId: 2, stylistId: 8, serviceIds: [10, 40, 30] })).toEqual({
      url: "https://book.example/salon-2-curls",
      source: "service",
    });
  });
  it("never a service's link at another salon; then the salon's default", () => {
    expect(resolveBookingLink(links, SALON, { salonId: 2, serviceIds: [50] })).toEqual({ url: SALON, source: "salon" });
    expect(resolveBookingLink([], SALON, { salonId: 2 })).toEqual({ url: SALON, source: "salon" });
  });
});

describe("a booking link typed in the console", () => {
  it("is a full https address", () => {
    expect(checkBookingUrl(" https://book.example/isla ")).toEqual({ ok: true, url: "https://book.example/isla" });
    for (const bad of [
      "http://book.example/x",
      "book.example",
      "javascript:alert(1)",
      "https://a b.example",
      "https://x",
    ])
      expect(checkBookingUrl(bad).ok).toBe(false);
    expect(checkBookingUrl(`https://book.example/${"x".repeat(300)}`).ok).toBe(false);
  });
});
