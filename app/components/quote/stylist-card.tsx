import { Island } from "../island";
import { type ChoosableStylist, StylistDialogView } from "./stylist-dialog";

/** A stylist card of the "choose your stylist" list, as the page shows it: the stylist-dialog island. */
export function StylistDialog({ stylist }: { stylist: ChoosableStylist }) {
  return (
    <li>
      <Island name="stylist-dialog" component={StylistDialogView} props={{ stylist }} />
    </li>
  );
}
