import { StylistDialogView } from "~/components/quote/stylist-dialog";
import { hydrateIslands } from "./hydrate";

hydrateIslands("stylist-dialog", StylistDialogView);
