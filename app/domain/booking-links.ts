/**
 * Which booking link a Book button opens. Each salon has its default link
 * (salons.booking_url); the owner may add links for a stylist, for a service
 * at a salon, or for a stylist and a service (the booking_links rows). The
 * most particular link wins: stylist and service, then stylist, then
 * service, then the salon's default. A quote names several services: the
 * first of its lines, in order, that has a link decides.
 */

export interface BookingLink {
  salonId: number;
  stylistId: number | null;
  serviceId: number | null;
  url: string;
}

export type BookingLinkSource = "stylist-service" | "stylist" | "service" | "salon";

export const BOOKING_LINK_SOURCE_WORDS: Readonly<Record<BookingLinkSource, string>> = {
  "stylist-service": "the stylist's link for this service",
  stylist: "the stylist's link",
  service: "the service's link at this salon",
  salon: "the salon's default link",
};

export interface BookingCase {
  /** The salon the client books at: the stylist's own, or the one chosen. */
  salonId: number;
  stylistId?: number | null | undefined;
  /** In the order the quote lists them. */
  serviceIds?: readonly number[] | undefined;
}

export function resolveBookingLink(
  links: readonly BookingLink[],
  salonDefault: string,
  wanted: BookingCase,
): { url: string; source: BookingLinkSource } {
  const stylistId = wanted.stylistId ?? null;
  const serviceIds = wanted.serviceIds ?? [];
  const find = (match: (link: BookingLink) => boolean) => links.find(match)?.url;
  if (stylistId !== null) {
    for (const serviceId of serviceIds) {
      const url = find((l) => l.stylistId === stylistId && l.serviceId === serviceId);
      if (url) return { url, source: "stylist-service" };
    }
    const url = find((l) => l.stylistId === stylistId && l.serviceId === null);
    if (url) return { url, source: "stylist" };
  }
  for (const serviceId of serviceIds) {
    const url = find((l) => l.stylistId === null && l.salonId === wanted.salonId && l.serviceId === serviceId);
    if (url) return { url, source: "service" };
  }
  return { url: salonDefault, source: "salon" };
}

/**
 * An address typed into the console that the site will send people or events to: a full https address with a
 * real host name, no spaces and no user name or password in it, of at most `max` characters; null otherwise.
 */
export function httpsAddress(value: string, max: number): string | null {
  const url = value.trim();
  if (url.length > max || /\s/.test(url)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const usable = parsed.protocol === "https:" && parsed.hostname.includes(".") && !parsed.username && !parsed.password;
  return usable ? url : null;
}

/** A booking link as the console accepts it, or an error in words. */
export function checkBookingUrl(value: string): { ok: true; url: string } | { ok: false; error: string } {
  const url = httpsAddress(value, 300);
  return url
    ? { ok: true, url }
    : { ok: false, error: "Give the booking link as a full https:// address (up to 300 characters)." };
}
