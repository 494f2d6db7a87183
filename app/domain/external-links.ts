/**
 * Pages outside the site that a visitor is sent to on purpose (links only:
 * nothing is embedded from them). The booking provider's addresses are per salon and
 * live in the salons table; this is for the rest.
 */

/** The gift-card shop (/gift-voucher leaves the site for it). */
export const GIFT_CARD_URL = "https://giftcards.example/maison-ivy";

/**
 * A map search for a salon's address (Google Maps' documented search link,
 * https://developers.google.com/maps/documentation/urls/get-started): a link
 * the visitor follows, never a map embedded in our page.
 */
export function mapSearchUrl(place: { name: string; address: string; town: string; postcode: string }): string {
  const query = `${place.name}, ${place.address}, ${place.town} ${place.postcode}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
