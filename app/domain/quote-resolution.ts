/**
 * Pricing a calculator selection against a catalogue with its stylists and
 * salons: the checks of a flow (stylist taking clients, level, services in
 * the right steps) and the stylist lists of the totals screens. Pure, so the
 * server (which prices every quote itself, never trusting a total from the
 * browser) and any page use the same rules; the rows come from the database
 * through server/queries/quote-pricing.server.ts.
 */
import {
  type CalculatorState,
  type CalculatorType,
  type Catalogue,
  type SelectorMode,
  validateSelection,
} from "./calculator-state";
import type { Level, Service } from "./catalogue";
import { quoteLines } from "./pricing";

/** What the rules need of a stylist row. */
export interface QuoteStylist {
  slug: string;
  firstName: string;
  levelId: number;
  salonId: number;
  acceptingNewClients: boolean;
}

/** What the rules need of a salon row. */
export interface QuoteSalon {
  id: number;
}

/** The price list with the team and the salons, as the rules read them. */
export type PricingCatalogue<S extends QuoteStylist = QuoteStylist, L extends QuoteSalon = QuoteSalon> = Catalogue & {
  stylists: readonly S[];
  salons: readonly L[];
};

/** The effective selector mode: a stylist named without a mode means a stylist quote. */
export function selectorModeOf(state: CalculatorState): SelectorMode {
  return state.mode ?? (state.stylist !== undefined ? "stylist" : "level");
}

interface PricedLine {
  serviceId: number;
  service: Service;
  pricePence: number;
}

interface ResolvedQuote<S extends QuoteStylist, L extends QuoteSalon> {
  /** The state as priced: in stylist mode the level is the stylist's own. */
  state: CalculatorState & { type: CalculatorType };
  mode: SelectorMode;
  level: Level;
  lines: PricedLine[];
  totalPence: number;
  salon: L;
  stylist: S | null;
  stylistSalon: L | null;
}

export type QuoteProblem<S extends QuoteStylist = QuoteStylist> =
  | { kind: "no-type" }
  | { kind: "unknown-salon"; salonId: number }
  | { kind: "no-stylist" }
  | { kind: "unknown-stylist"; slug: string }
  | { kind: "stylist-unavailable"; stylist: S }
  | { kind: "stylist-in-level-mode" }
  /** Incomplete flow, unknown level or service, a service in the wrong slot or not available at the level. */
  | { kind: "selection"; errors: string[]; state: CalculatorState };

export type Resolution<S extends QuoteStylist = QuoteStylist, L extends QuoteSalon = QuoteSalon> =
  | { ok: true; quote: ResolvedQuote<S, L> }
  | { ok: false; problem: QuoteProblem<S> };

/**
 * Prices a calculator state with the database's catalogue. In stylist mode the
 * stylist must exist and take new clients, and their own level is used whatever
 * level was sent. In level mode a stylist may not be named (the pages drop it).
 */
export function resolveQuote<S extends QuoteStylist, L extends QuoteSalon>(
  state: CalculatorState,
  catalogue: PricingCatalogue<S, L>,
): Resolution<S, L> {
  const fail = (problem: QuoteProblem<S>): Resolution<S, L> => ({ ok: false, problem });
  const type = state.type;
  if (type === undefined) return fail({ kind: "no-type" });
  const salon = catalogue.salons.find((candidate) => candidate.id === state.salon);
  if (!salon) return fail({ kind: "unknown-salon", salonId: state.salon });

  const mode = selectorModeOf(state);
  let stylist: S | null = null;
  let priced: CalculatorState = { ...state, mode };
  if (mode === "stylist") {
    if (state.stylist === undefined) return fail({ kind: "no-stylist" });
    const slug = state.stylist;
    stylist = catalogue.stylists.find((candidate) => candidate.slug === slug) ?? null;
    if (!stylist) return fail({ kind: "unknown-stylist", slug });
    if (!stylist.acceptingNewClients) return fail({ kind: "stylist-unavailable", stylist });
    priced = { ...priced, level: stylist.levelId };
  } else if (state.stylist !== undefined) {
    return fail({ kind: "stylist-in-level-mode" });
  }

  const validation = validateSelection(priced, catalogue);
  if (!validation.ok) return fail({ kind: "selection", errors: validation.errors, state: priced });
  const { lines, totalPence } = quoteLines(validation.services, validation.level, catalogue.rounding);
  const stylistSalon = stylist
    ? (catalogue.salons.find((candidate) => candidate.id === stylist.salonId) ?? null)
    : null;
  return {
    ok: true,
    quote: {
      state: { ...priced, type },
      mode,
      level: validation.level,
      lines,
      totalPence,
      salon,
      stylist,
      stylistSalon,
    },
  };
}

/** The field and message a problem is reported under by the save endpoint (422). */
export function problemFieldErrors(problem: QuoteProblem): Record<string, string[]> {
  switch (problem.kind) {
    case "no-type":
      return { type: ["Choose a calculator type: colour, cutting or mens"] };
    case "unknown-salon":
      return { salon: [`Unknown salon ${problem.salonId}`] };
    case "no-stylist":
      return { stylist: ["Choose a stylist (or use level mode)"] };
    case "unknown-stylist":
      return { stylist: [`Unknown stylist "${problem.slug}"`] };
    case "stylist-unavailable":
      return { stylist: [`${problem.stylist.firstName} is not taking new clients at the moment`] };
    case "stylist-in-level-mode":
      return { stylist: ['A stylist is only chosen in stylist mode: send mode "stylist" or leave the stylist out'] };
    case "selection":
      return { selection: problem.errors };
  }
}

// ---------------------------------------------------------------------------
// Stylist lists for the totals screens

/** Whether anyone of this level takes new clients, at any salon: a level quote is only made for such a level. */
export function levelTakesNewClients(
  stylists: readonly Pick<QuoteStylist, "levelId" | "acceptingNewClients">[],
  levelId: number,
): boolean {
  return stylists.some((stylist) => stylist.levelId === levelId && stylist.acceptingNewClients);
}

/**
 * The level nearest to `levelId` whose stylists take new clients, the one
 * below first (the cheaper of two equally near), or undefined when none does.
 */
export function nearestOpenLevelId(
  stylists: readonly Pick<QuoteStylist, "levelId" | "acceptingNewClients">[],
  levels: readonly Level[],
  levelId: number,
): number | undefined {
  const open = levels.map((level) => level.id).filter((id) => id !== levelId && levelTakesNewClients(stylists, id));
  return open.sort((a, b) => Math.abs(a - levelId) - Math.abs(b - levelId) || a - b)[0];
}

/**
 * The stylists of a level at the chosen salon, then those at the other
 * salons, each in the team's order. Stylists not taking new clients are never
 * offered. The page shows each list in the visit's random order, set in the
 * browser (app/domain/stylist-order.ts): the server's HTML is the same for
 * every visitor, so it can be cached, and a reload keeps the order.
 */
export function stylistsForLevel<S extends QuoteStylist>(
  all: readonly S[],
  levelId: number,
  salonId: number,
): { atSalon: S[]; elsewhere: S[] } {
  const offered = all.filter((stylist) => stylist.levelId === levelId && stylist.acceptingNewClients);
  return {
    atSalon: offered.filter((stylist) => stylist.salonId === salonId),
    elsewhere: offered.filter((stylist) => stylist.salonId !== salonId),
  };
}

export interface StylistPrice<S extends QuoteStylist = QuoteStylist> {
  stylist: S;
  level: Level;
  totalPence: number;
}

/**
 * What this selection costs with every stylist who takes new clients and may
 * carry out all of it (a New Starter cannot do a balayage), cheapest first; ties
 * by first name so the order is stable.
 */
export function pricesByStylist<S extends QuoteStylist, L extends QuoteSalon>(
  state: CalculatorState,
  catalogue: PricingCatalogue<S, L>,
): StylistPrice<S>[] {
  const prices: StylistPrice<S>[] = [];
  for (const stylist of catalogue.stylists) {
    if (!stylist.acceptingNewClients) continue;
    const resolution = resolveQuote({ ...state, mode: "stylist", stylist: stylist.slug }, catalogue);
    if (resolution.ok) prices.push({ stylist, level: resolution.quote.level, totalPence: resolution.quote.totalPence });
  }
  return prices.sort((a, b) => a.totalPence - b.totalPence || a.stylist.firstName.localeCompare(b.stylist.firstName));
}
