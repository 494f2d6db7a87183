/**
 * The stylist a quote link names: the rule that a named stylist must exist and
 * take new clients, and brings their own level and salon. The calculator page
 * applies it to the URL it was given; the server applies the same checks when
 * it prices a quote (resolveQuote).
 */
import { type CalculatorState, withChange } from "./calculator-state";
import type { PictureRef } from "./pictures";

export interface CalculatorStylist {
  slug: string;
  firstName: string;
  lastName: string;
  salonId: number;
  levelId: number;
  image: string;
  /** An uploaded portrait, shown instead of the illustration. */
  photo: PictureRef | null;
  acceptingNewClients: boolean;
}

export interface StylistResolution {
  /** The state the page works with: an unusable stylist is dropped, a usable one's level and salon applied. */
  state: CalculatorState;
  stylist: CalculatorStylist | undefined;
  /** Why the stylist in the link was set aside, to tell the visitor. */
  notice: string | null;
  /** The URL should be replaced by `state` (a stale level or salon for the stylist, or a stylist in level mode). */
  redirect: boolean;
}

/**
 * Checks the stylist of a stylist-mode state against the team: an unknown one
 * or one not taking new clients is set aside with a notice; a known one brings
 * their level and salon, whatever the link said (choosing a stylist
 * sets the level to theirs).
 */
export function resolveStylist(state: CalculatorState, stylists: readonly CalculatorStylist[]): StylistResolution {
  if (state.stylist === undefined) return { state, stylist: undefined, notice: null, redirect: false };
  const { stylist: _dropped, ...withoutStylist } = state;
  if (state.mode !== "stylist") return { state: withoutStylist, stylist: undefined, notice: null, redirect: true };

  const stylist = stylists.find((candidate) => candidate.slug === state.stylist);
  if (!stylist) {
    return {
      state: withoutStylist,
      stylist: undefined,
      notice: "We couldn't find the stylist in your link. Please choose a stylist below.",
      redirect: false,
    };
  }
  if (!stylist.acceptingNewClients) {
    return {
      state: withoutStylist,
      stylist: undefined,
      notice: `${stylist.firstName} isn't taking new clients at the moment. Please choose another stylist below.`,
      redirect: false,
    };
  }
  const applied = withChange(state, { level: stylist.levelId, salon: stylist.salonId });
  const redirect = state.level !== stylist.levelId || state.salon !== stylist.salonId;
  return { state: applied, stylist, notice: null, redirect };
}
