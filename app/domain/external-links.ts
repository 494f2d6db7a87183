/**
 * Pages outside the site that a visitor is sent to on purpose (links only:
 * nothing is embedded from them). The booking provider's addresses are per salon and
 * live in the salons table; this is for the rest.
 */

/** The gift-card shop (/gift-voucher leaves the site for it). */
export const GIFT_CARD_URL = "https://giftcards.example/maison-ivy";
