/**
 * State of the price quote calculator. It lives in the
 * URL search parameters so a quote in progress survives reloads, back/forward
 * and sharing, and the server can re-check exactly what the browser showed.
 */

import { Cat1, isNoneService, type Level, MensCat, type Service, TreatmentCat } from "./catalogue";
import type { PriceRounding } from "./price-rounding";
import { availableAtLevel, colourAddOnCatFor, linePricePence, mensCutUnavailableMessage } from "./pricing";
import { DEFAULT_SALON_ID } from "./salon-ids";

export interface Catalogue {
  services: readonly Service[];
  levels: readonly Level[];
  /** The owner's rounding of each priced line (decision 080). */
  rounding: PriceRounding;
}

export const CALCULATOR_TYPES = ["colour", "cutting", "mens"] as const;
export type CalculatorType = (typeof CALCULATOR_TYPES)[number];

/** A stored quote's calculator, as one of the three (a quote keeps the word it was saved with). */
export const isCalculatorType = (value: string): value is CalculatorType =>
  (CALCULATOR_TYPES as readonly string[]).includes(value);

export const SELECTOR_MODES = ["level", "stylist"] as const;
export type SelectorMode = (typeof SELECTOR_MODES)[number];

/** The state fields holding a service id, one per calculator step. */
export const SERVICE_SLOTS = [
  "colour",
  "addon",
  "plex",
  "finish",
  "finishAddon",
  "treatment",
  "cut",
  "mensColour",
] as const;
export type ServiceSlot = (typeof SERVICE_SLOTS)[number];

/** Short name of each step, for summaries, the itemised quote, the progress line and messages. */
export const SLOT_LABELS: Readonly<Record<ServiceSlot, string>> = {
  colour: "Colour",
  addon: "Colour add-on",
  plex: "Plex treatment",
  finish: "Finish",
  finishAddon: "Finish add-on",
  treatment: "Treatment",
  cut: "Men's cut",
  mensColour: "Men's colour",
};

/** Field names equal the URL parameter names. Absent fields are simply not chosen yet. */
export interface CalculatorState {
  type?: CalculatorType | undefined;
  mode?: SelectorMode | undefined;
  level?: number | undefined;
  stylist?: string | undefined;
  /**
   * "level": the stylist was picked from a level's list (the level total), so
   * the quote was made by level even though it names a stylist. Any other
   * change of stylist or mode forgets it.
   */
  via?: "level" | undefined;
  salon: number;
  /** Colour category, 0-6 (ColourCat). */
  cc?: number | undefined;
  colour?: number | undefined;
  addon?: number | undefined;
  plex?: number | undefined;
  finish?: number | undefined;
  finishAddon?: number | undefined;
  treatment?: number | undefined;
  cut?: number | undefined;
  mensColour?: number | undefined;
  /** Been to the salon within the last 18 months. */
  regular?: boolean | undefined;
  /** Whole pounds, for the "total by price" view. */
  budget?: number | undefined;
}

// ---------------------------------------------------------------------------
// URL search parameters

/**
 * How each parameter is read: a value that does not match is "not chosen",
 * so a stale or hand-edited link still opens. Plain patterns rather than a
 * schema library: the calculator runs in the browser too, and this is all
 * it needs to read its own links.
 */
type Reader<T> = (value: string) => T | undefined;

function oneOf<const T extends string>(values: readonly T[]): Reader<T> {
  return (value) => values.find((candidate) => candidate === value);
}

function matching<T>(pattern: RegExp, read: (value: string) => T): Reader<T> {
  return (value) => (pattern.test(value) ? read(value) : undefined);
}

/** Canonical digits only (no sign, no leading zero), so parse → serialise is stable. */
const positiveInt = matching(/^[1-9]\d{0,8}$/, Number);

const READERS: { [K in keyof CalculatorState]-?: Reader<NonNullable<CalculatorState[K]>> } = {
  type: oneOf(CALCULATOR_TYPES),
  mode: oneOf(SELECTOR_MODES),
  level: positiveInt,
  stylist: matching(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, (slug) => slug),
  via: oneOf(["level"] as const),
  salon: positiveInt,
  cc: matching(/^[0-6]$/, Number),
  colour: positiveInt,
  addon: positiveInt,
  plex: positiveInt,
  finish: positiveInt,
  finishAddon: positiveInt,
  treatment: positiveInt,
  cut: positiveInt,
  mensColour: positiveInt,
  regular: (value) => (value === "yes" ? true : value === "no" ? false : undefined),
  budget: matching(/^(0|[1-9]\d{0,5})$/, Number),
};

/** Longest stylist slug read from a link. */
const MAX_SLUG_LENGTH = 100;

/** Serialisation order of the parameters: flow order, so URLs read naturally and compare equal. */
const PARAM_NAMES = [
  "type",
  "mode",
  "level",
  "stylist",
  "via",
  "salon",
  "cc",
  ...SERVICE_SLOTS,
  "regular",
  "budget",
] as const satisfies readonly (keyof CalculatorState)[];

/** Drops fields whose value is undefined, so states compare and spread cleanly. */
function compact(state: CalculatorState): CalculatorState {
  return Object.fromEntries(Object.entries(state).filter(([, value]) => value !== undefined)) as CalculatorState;
}

/** Reads the state from the URL. Never throws: unknown parameters and bad values are dropped. */
export function parseCalculatorState(params: URLSearchParams): CalculatorState {
  const state: Record<string, unknown> = {};
  for (const name of PARAM_NAMES) {
    const value = params.get(name); // the first one wins if a parameter is repeated
    if (value === null || (name === "stylist" && value.length > MAX_SLUG_LENGTH)) continue;
    state[name] = READERS[name](value);
  }
  state.salon ??= DEFAULT_SALON_ID;
  return compact(state as unknown as CalculatorState);
}

/** Writes the state to URL parameters in a fixed order, leaving out unset values and the default salon. */
export function toSearchParams(state: CalculatorState): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of PARAM_NAMES) {
    const value = state[name];
    if (value === undefined || value === "") continue;
    if (name === "salon" && value === DEFAULT_SALON_ID) continue;
    params.set(name, typeof value === "boolean" ? (value ? "yes" : "no") : String(value));
  }
  return params;
}

function without(state: CalculatorState, fields: readonly Exclude<keyof CalculatorState, "salon">[]): CalculatorState {
  const copy = { ...state };
  for (const field of fields) delete copy[field];
  return copy;
}

/**
 * Applies a change the way the calculator screens expect: a different
 * calculator type starts the selection again, and a different colour category
 * drops the colour and add-on chosen for the old one. Fields set in the patch
 * itself are kept, so a type and its first selection can be set together.
 * Set a field to undefined to clear it.
 */
export function withChange(state: CalculatorState, patch: Partial<CalculatorState>): CalculatorState {
  let next = state;
  if ("type" in patch && patch.type !== state.type) next = without(next, ["cc", ...SERVICE_SLOTS]);
  if ("cc" in patch && patch.cc !== state.cc) next = without(next, ["colour", "addon"]);
  const stylistChanged =
    ("stylist" in patch && patch.stylist !== state.stylist) || ("mode" in patch && patch.mode !== state.mode);
  if (stylistChanged && !("via" in patch)) next = without(next, ["via"]);
  return compact({ ...next, ...patch });
}

/** "Click to go back to the categories": forget the category and what was chosen in it. */
export function backToCategories(state: CalculatorState): CalculatorState {
  return without(state, ["cc", "colour", "addon"]);
}

// ---------------------------------------------------------------------------
// Flows and steps

/**
 * Service slots of each flow in step order (after the level step). The plex
 * step is always shown in the colour flow but is optional for the categories
 * without an add-on (see optionalSlot).
 */
const FLOW_SLOTS: Record<CalculatorType, readonly ServiceSlot[]> = {
  colour: ["colour", "addon", "plex", "finish", "finishAddon"],
  cutting: ["finish", "finishAddon", "treatment"],
  mens: ["cut", "mensColour"],
};

/** Which price-list rows may fill a slot; cat2 undefined means any. */
interface SlotCategory {
  cat1: number;
  cat2?: number | undefined;
}

/** The category for a slot in this state, or null while it cannot be known (colour slots before a category is chosen, or an add-on for a category without one). */
function slotCategory(slot: ServiceSlot, state: CalculatorState): SlotCategory | null {
  switch (slot) {
    case "colour":
      return state.cc === undefined ? null : { cat1: Cat1.Colour, cat2: state.cc };
    case "addon": {
      const addOnCat = state.cc === undefined ? null : colourAddOnCatFor(state.cc);
      return addOnCat === null ? null : { cat1: Cat1.ColourAddOn, cat2: addOnCat };
    }
    case "plex":
      return { cat1: Cat1.Treatment, cat2: TreatmentCat.Plex };
    case "finish":
      return { cat1: Cat1.Finish }; // cut/style and hair-up finishes alike
    case "finishAddon":
      return { cat1: Cat1.FinishAddOn };
    case "treatment":
      return { cat1: Cat1.Treatment, cat2: TreatmentCat.Intensive };
    case "cut":
      return { cat1: Cat1.Mens, cat2: MensCat.Cut };
    case "mensColour":
      return { cat1: Cat1.Mens, cat2: MensCat.Colour };
  }
}

function inCategory(service: Service, category: SlotCategory): boolean {
  return service.cat1 === category.cat1 && (category.cat2 === undefined || service.cat2 === category.cat2);
}

/**
 * A colour in a category with an add-on step needs colour, add-on, plex,
 * finish and finish add-on; one without ("colour, skip, finish, finish add-on")
 * needs no bond-builder, though the client may still add one. The price list
 * has no "None" plex, so leaving the slot empty is how a client says no.
 */
function optionalSlot(slot: ServiceSlot, state: CalculatorState): boolean {
  return slot === "plex" && state.type === "colour" && state.cc !== undefined && colourAddOnCatFor(state.cc) === null;
}

/** The slots of the state's flow, without the add-on while the category has none (or is not chosen yet). */
function flowSlots(state: CalculatorState): readonly ServiceSlot[] {
  if (state.type === undefined) return [];
  return FLOW_SLOTS[state.type].filter((slot) => slot !== "addon" || slotCategory(slot, state) !== null);
}

function findLevel(state: CalculatorState, catalogue: Catalogue): Level | undefined {
  return catalogue.levels.find((level) => level.id === state.level);
}

/** Why a slot's selection cannot be used, or null when it can. Availability is checked only once the level is known. */
function slotProblem(
  slot: ServiceSlot,
  state: CalculatorState,
  catalogue: Catalogue,
  level: Level | undefined,
): string | null {
  const id = state[slot];
  if (id === undefined) return optionalSlot(slot, state) ? null : `No ${slot} selected`;
  const service = catalogue.services.find((candidate) => candidate.id === id);
  if (!service) return `Unknown service ${id} in ${slot}`;
  const category = slotCategory(slot, state);
  if (category === null || !inCategory(service, category)) {
    return `Service ${id} (${service.service}) does not belong in ${slot}`;
  }
  if (level && !availableAtLevel(service, level.id)) {
    return `Service ${id} (${service.service}) is not available at level ${level.name}`;
  }
  return null;
}

export interface ServiceOption {
  service: Service;
  /** False when the level may not carry it out: shown faded and not selectable. */
  available: boolean;
}

interface StepBase {
  title: string;
  /** Chosen and usable (right category, available at the level), or optional and left out. */
  done: boolean;
  /** The flow is complete without it; leaving it empty means "none, thanks". */
  optional: boolean;
}

interface LevelStep extends StepBase {
  kind: "level";
  key: "level";
  /** Choose a level directly, or a stylist (whose level the screen copies into `level`). */
  mode: SelectorMode;
  levels: readonly Level[];
  selectedId: number | undefined;
}

export interface ServiceStep extends StepBase {
  kind: "service";
  key: Exclude<ServiceSlot, "colour">;
  options: ServiceOption[];
  /** Set only when the selection is one of `options` (possibly an unavailable one). */
  selectedId: number | undefined;
  /** Message to show instead of only faded options (men's cut at New Starter level). */
  notice: string | null;
}

export interface ColourStep extends StepBase {
  kind: "colour";
  key: "colour";
  /** Colour categories present in the price list; unavailable when the level can do none of its services. */
  categories: { colourCat: number; available: boolean }[];
  colourCat: number | undefined;
  /** Services of the chosen category; empty until one is chosen. */
  options: ServiceOption[];
  selectedId: number | undefined;
}

export type Step = LevelStep | ColourStep | ServiceStep;

const STEP_TITLES: Record<ServiceSlot, string> = {
  colour: "Choose your colour",
  addon: "Choose a colour add-on",
  plex: "Choose a bond-building plex treatment",
  finish: "Choose your finish",
  finishAddon: "Choose a finish add-on",
  treatment: "Choose an intensive treatment",
  cut: "Choose your men's cut",
  mensColour: "Choose your men's colour",
};

function byPriceListOrder(a: Service, b: Service): number {
  return a.sortOrder - b.sortOrder || a.id - b.id;
}

/**
 * Each category's services in price-list order, worked out once for each list
 * of services (the server keeps one while the price list is unchanged, and the
 * calculator island keeps the one it came with), not at every step of every page.
 */
const servicesByCategory = new WeakMap<readonly Service[], Map<string, readonly Service[]>>();

function servicesIn(category: SlotCategory, services: readonly Service[]): readonly Service[] {
  let byCategory = servicesByCategory.get(services);
  if (!byCategory) {
    byCategory = new Map();
    servicesByCategory.set(services, byCategory);
  }
  const key = `${category.cat1}/${category.cat2 ?? "*"}`;
  let found = byCategory.get(key);
  if (!found) {
    found = services.filter((service) => inCategory(service, category)).sort(byPriceListOrder);
    byCategory.set(key, found);
  }
  return found;
}

/** Before a level is chosen nothing is ruled out yet. */
function optionsFor(category: SlotCategory | null, catalogue: Catalogue, level: Level | undefined): ServiceOption[] {
  if (category === null) return [];
  return servicesIn(category, catalogue.services).map((service) => ({
    service,
    available: !level || availableAtLevel(service, level.id),
  }));
}

function levelStep(state: CalculatorState, level: Level | undefined, catalogue: Catalogue): LevelStep {
  const mode = state.mode ?? "level";
  const stylistChosen = mode === "level" || state.stylist !== undefined;
  return {
    kind: "level",
    key: "level",
    title: mode === "stylist" ? "Choose your stylist" : "Choose a stylist level",
    mode,
    levels: catalogue.levels,
    selectedId: level?.id,
    done: level !== undefined && stylistChosen,
    optional: false,
  };
}

function serviceStep(
  slot: ServiceSlot,
  state: CalculatorState,
  catalogue: Catalogue,
  level: Level | undefined,
): ColourStep | ServiceStep {
  const options = optionsFor(slotCategory(slot, state), catalogue, level);
  const selectedId = options.some((option) => option.service.id === state[slot]) ? state[slot] : undefined;
  const done = slotProblem(slot, state, catalogue, level) === null;
  const title = STEP_TITLES[slot];
  const optional = optionalSlot(slot, state);

  if (slot === "colour") {
    const colourServices = servicesIn({ cat1: Cat1.Colour }, catalogue.services);
    const colourCats = [...new Set(colourServices.map((s) => s.cat2))].sort((a, b) => a - b);
    const categories = colourCats.map((colourCat) => ({
      colourCat,
      available: servicesIn({ cat1: Cat1.Colour, cat2: colourCat }, catalogue.services).some(
        (service) => !level || availableAtLevel(service, level.id),
      ),
    }));
    return { kind: "colour", key: slot, title, done, optional, categories, colourCat: state.cc, options, selectedId };
  }
  const notice = slot === "cut" && level ? mensCutUnavailableMessage(catalogue.services, level.id) : null;
  return { kind: "service", key: slot, title, done, optional, options, selectedId, notice };
}

/**
 * The ordered steps of the state's flow: the level (or stylist) step, then one
 * step per service slot. Empty while no calculator type is chosen (the
 * calculator routes send the visitor back to /prices then).
 */
export function stepsFor(state: CalculatorState, catalogue: Catalogue): Step[] {
  if (state.type === undefined) return [];
  const level = findLevel(state, catalogue);
  return [
    levelStep(state, level, catalogue),
    ...flowSlots(state).map((slot) => serviceStep(slot, state, catalogue, level)),
  ];
}

/** The first of a flow's steps still to do (of `stepsFor`), or undefined when every step is done (or there is no flow). */
export const currentStep = (steps: readonly Step[]): Step | undefined => steps.find((step) => !step.done);

/**
 * Whether a flow's steps (of `stepsFor`) are all chosen: shows level up/down and Show Stylists / Next.
 * Selections in slots outside the flow are ignored here, as they are not priced;
 * validateSelection rejects them.
 */
export const allSelected = (steps: readonly Step[]): boolean => steps.length > 0 && steps.every((step) => step.done);

/** Totals show once the colour (colour flow), finish (cutting) or cut (men) is chosen. */
const FIRST_PRICED_SLOT: Record<CalculatorType, ServiceSlot> = { colour: "colour", cutting: "finish", mens: "cut" };

export function totalsVisible(state: CalculatorState, catalogue: Catalogue): boolean {
  if (state.type === undefined) return false;
  const level = findLevel(state, catalogue);
  return level !== undefined && slotProblem(FIRST_PRICED_SLOT[state.type], state, catalogue, level) === null;
}

/** The usable selections in flow order: what a quote for this state would price. */
export function selectedServices(state: CalculatorState, catalogue: Catalogue): Service[] {
  const level = findLevel(state, catalogue);
  return flowSlots(state)
    .filter((slot) => slotProblem(slot, state, catalogue, level) === null)
    .map((slot) => catalogue.services.find((service) => service.id === state[slot]))
    .filter((service): service is Service => service !== undefined);
}

export type SelectionValidation = { ok: true; services: Service[]; level: Level } | { ok: false; errors: string[] };

/**
 * Server-side check of a submitted quote: a complete flow at a known level,
 * every id known, in its slot's category and available at the level, and
 * nothing selected outside the flow (e.g. an add-on for a category without
 * add-ons). Stylist existence and level are for the caller to check: the
 * catalogue here has no stylists.
 */
export function validateSelection(state: CalculatorState, catalogue: Catalogue): SelectionValidation {
  if (state.type === undefined) return { ok: false, errors: ["No calculator type chosen"] };

  const errors: string[] = [];
  const level = findLevel(state, catalogue);
  if (state.level === undefined) errors.push("No level chosen");
  else if (!level) errors.push(`Unknown level ${state.level}`);
  if (state.mode === "stylist" && state.stylist === undefined) errors.push("No stylist chosen");
  if (state.type === "colour" && state.cc === undefined) errors.push("No colour category chosen");

  const slots = flowSlots(state);
  for (const slot of slots) {
    const problem = slotProblem(slot, state, catalogue, level);
    if (problem) errors.push(problem);
  }
  for (const slot of SERVICE_SLOTS) {
    if (!slots.includes(slot) && state[slot] !== undefined) {
      errors.push(`Service ${state[slot]} in ${slot} is not part of this ${state.type} quote`);
    }
  }

  if (errors.length > 0 || !level) return { ok: false, errors };
  return { ok: true, services: selectedServices(state, catalogue), level };
}

/**
 * What the cheapest complete quote of a service type costs at a level: the
 * "from" price beside each level on the first step. The type's first priced
 * service must be a real one (a "None" colour or cut is no quote); every other
 * step takes its cheapest option the level may carry out, an optional step
 * none. Null when the level can complete no quote of the type (a New Starter
 * and men's cuts).
 *
 * The first step shows one for every level, and each walks the whole price
 * list, so they are remembered for as long as the same price list is in use
 * (the server keeps it while it is unchanged).
 */
export function fromPricePence(type: CalculatorType, level: Level, catalogue: Catalogue): number | null {
  let known = fromPrices.get(catalogue.services);
  if (!known) {
    known = new Map();
    fromPrices.set(catalogue.services, known);
  }
  const changes = level.changes?.map((c) => `${c.scope}:${c.by}:${c.step}`).join(",") ?? "";
  const key = `${type} ${level.id} ${level.adapterBp} ${changes} ${catalogue.rounding}`;
  let price = known.get(key);
  if (price === undefined) {
    price = cheapestQuotePence(type, level, catalogue);
    known.set(key, price);
  }
  return price;
}

const fromPrices = new WeakMap<readonly Service[], Map<string, number | null>>();

function cheapestQuotePence(type: CalculatorType, level: Level, catalogue: Catalogue): number | null {
  const cheapest = (slot: ServiceSlot, state: CalculatorState, allowNone: boolean): number | null => {
    const category = slotCategory(slot, state);
    if (category === null) return 0; // a step this flow does not have
    const prices = optionsFor(category, catalogue, level)
      .filter((option) => option.available && (allowNone || !isNoneService(option.service)))
      .map((option) => linePricePence(option.service, level, catalogue.rounding));
    const least = prices.length > 0 ? Math.min(...prices) : null;
    return optionalSlot(slot, state) ? Math.min(least ?? 0, 0) : least;
  };
  const totalFor = (state: CalculatorState): number | null => {
    let total = 0;
    for (const slot of FLOW_SLOTS[type]) {
      const price = cheapest(slot, state, slot !== FIRST_PRICED_SLOT[type]);
      if (price === null) return null;
      total += price;
    }
    return total;
  };
  const totals =
    type === "colour"
      ? [...new Set(catalogue.services.filter((s) => s.cat1 === Cat1.Colour).map((s) => s.cat2))].map((cc) =>
          totalFor({ type, cc, salon: DEFAULT_SALON_ID }),
        )
      : [totalFor({ type, salon: DEFAULT_SALON_ID })];
  const possible = totals.filter((total): total is number => total !== null);
  return possible.length > 0 ? Math.min(...possible) : null;
}
