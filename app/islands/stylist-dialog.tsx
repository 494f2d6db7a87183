import { StylistDialogView } from "~/components/quote/stylist-dialog";
import { orderStylistLists } from "~/components/visit-order";
import { hydrateIslands } from "./hydrate";

hydrateIslands("stylist-dialog", StylistDialogView);
// The server lists a level's stylists in the team's order, the same for everyone: this visit's order instead.
orderStylistLists();
