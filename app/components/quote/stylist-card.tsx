import { Island } from "../island";
import { type ChoosableStylist, StylistDialogView } from "./stylist-dialog";

/**
 * A stylist card of the "choose your stylist" list, as the page shows it: the
 * stylist-dialog island. Its item names the stylist, for the visit's order.
 */
export function StylistDialog({ stylist }: { stylist: ChoosableStylist }) {
  return (
    <li data-stylist={stylist.slug}>
      <Island name="stylist-dialog" component={StylistDialogView} props={{ stylist }} />
    </li>
  );
}
