import { redirect } from "react-router";
import { GIFT_CARD_URL } from "~/domain/external-links";

/** /gift-voucher leaves the site for the external gift-card page. */
export const loader = () => redirect(GIFT_CARD_URL, 302);
