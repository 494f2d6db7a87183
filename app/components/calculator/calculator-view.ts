/**
 * What the calculator page shows for a state in the URL: which step is open,
 * what the finished steps say, every link's target, the itemised quote and the
 * level up/down offers. Pure (no React), so the loader and the page agree and
 * it can be tested with tables. The rules themselves come from the domain.
 */
import {
  allSelected,
  backToCategories,
  type CalculatorState,
  type Catalogue,
  currentStep,
  fromPricePence,
  type ServiceSlot,
  type Step,
  selectedServices,
  stepsFor,
  totalsVisible,
  withChange,
} from "~/domain/calculator-state";
import type { Level, Service } from "~/domain/catalogue";
import { clientServiceName, serviceLineLabel } from "~/domain/line-labels";
import type { PriceRounding } from "~/domain/price-rounding";
import { availableAtLevel, levelDown, levelUp, linePricePence, quoteLines } from "~/domain/pricing";
import { levelTakesNewClients } from "~/domain/quote-resolution";
import type { CalculatorStylist } from "~/domain/stylist-choice";
import {
  CALCULATOR_PATH,
  stateHref,
  TOTAL_BY_LEVEL_PATH,
  TOTAL_BY_PRICE_PATH,
  TOTAL_BY_STYLIST_PATH,
} from "../quote/links";
import { stepLabel } from "./labels";

/** The id of the open step (or the next actions once all is chosen): links jump there, also without JavaScript. */
export const CURRENT_STEP_ID = "current-step";

/** Marks the heading that takes the focus after a choice: the open step's, or the estimate's once all is chosen. */
export const STEP_HEADING = "data-step-heading";

/** URL parameter that reopens a finished step ("Change"). Not calculator state: the totals screens ignore it. */
export const EDIT_PARAM = "edit";

export interface CalculatorSalon {
  id: number;
  name: string;
  shortName: string;
}

/** A calculator link that lands on the step that is open after the change. */
export function calculatorHref(state: CalculatorState, edit?: string): string {
  return stateHref(CALCULATOR_PATH, state, edit ? { [EDIT_PARAM]: edit } : {}, CURRENT_STEP_ID);
}

// ---------------------------------------------------------------------------
// The page

type StepStatus = "done" | "open" | "todo" | "upcoming";

export interface StepView {
  step: Step;
  /** 1-based position in the flow. */
  number: number;
  label: string;
  /**
   * done: chosen, shown as a summary with a Change link; open: the one step
   * shown in full; todo: not chosen, before the open step (reachable by a
   * link); upcoming: after the open step.
   */
  status: StepStatus;
  /** What was chosen, e.g. "Foils: Half head" or "Stylist · Maison Ivy Kestwick"; "None (optional)" for an optional step left out. */
  summary: string | null;
  /** Price of the chosen service at the level; null for the level step. */
  pricePence: number | null;
  /** Reopens the step (done and todo steps). */
  changeHref: string | null;
}

interface QuoteLineView {
  slot: ServiceSlot;
  label: string;
  service: Service;
  pricePence: number;
}

export interface LevelChangeOffer {
  level: Level;
  href: string;
  /** The total at that level, or null when some choices are not available there. */
  totalPence: number | null;
  /** Chosen services the level may not carry out. */
  unavailable: Service[];
}

export interface LevelChoice {
  level: Level;
  /** The cheapest complete quote of the chosen type at this level; null when it can complete none. */
  fromPricePence: number | null;
  /** Someone at this level, at any of our salons, is taking new clients. */
  takingNewClients: boolean;
}

export interface CalculatorView {
  state: CalculatorState;
  /** Every level with its "from" price and whether anyone there takes new clients (level mode's first step). */
  levelChoices: LevelChoice[];
  /** Said when the level in the link has nobody taking new clients, so the visitor changes it now rather than at the end. */
  closedLevelNotice: string | null;
  data: CalculatorData;
  steps: StepView[];
  /** The step shown in full, or undefined once everything is chosen and nothing is being changed. */
  openStep: StepView | undefined;
  level: Level | undefined;
  stylist: CalculatorStylist | undefined;
  salon: CalculatorSalon | undefined;
  allSelected: boolean;
  /** The itemised quote, once the first priced choice is made; null before. */
  quote: { lines: QuoteLineView[]; totalPence: number } | null;
  /** Choices the current level may not carry out (after a level or stylist change). */
  unavailableChoices: { slot: ServiceSlot; label: string; service: Service }[];
  levelUp: LevelChangeOffer | null;
  levelDown: LevelChangeOffer | null;
  /** Show Stylists / Next and the budget search, once all is chosen. */
  next: { href: string; label: string; budgetHref: string | null } | null;
}

export interface CalculatorData {
  catalogue: Catalogue;
  stylists: readonly CalculatorStylist[];
  salons: readonly CalculatorSalon[];
}

function serviceById(catalogue: Catalogue, id: number | undefined): Service | undefined {
  return id === undefined ? undefined : catalogue.services.find((service) => service.id === id);
}

function chosenService(step: Step, catalogue: Catalogue): Service | undefined {
  return step.kind === "level" ? undefined : serviceById(catalogue, step.selectedId);
}

function levelSummary(
  view: { level: Level | undefined; stylist: CalculatorStylist | undefined; salon: CalculatorSalon | undefined },
  step: Step,
): string | null {
  if (step.kind !== "level" || !view.level) return null;
  if (step.mode === "stylist") {
    if (!view.stylist) return null;
    const where = view.salon ? `, ${view.salon.shortName}` : "";
    return `${view.stylist.firstName} ${view.stylist.lastName} · ${view.level.name}${where}`;
  }
  return view.salon ? `${view.level.name} · ${view.salon.name}` : view.level.name;
}

function levelChangeOffer(
  state: CalculatorState,
  target: Level | undefined,
  selected: readonly Service[],
  rounding: PriceRounding,
): LevelChangeOffer | null {
  if (!target) return null;
  const unavailable = selected.filter((service) => !availableAtLevel(service, target.id));
  return {
    level: target,
    href: calculatorHref(withChange(state, { level: target.id })),
    totalPence: unavailable.length === 0 ? quoteLines(selected, target, rounding).totalPence : null,
    unavailable,
  };
}

/** Everything the calculator page renders for this state (already resolved against the stylists). */
export function calculatorView(
  state: CalculatorState,
  data: CalculatorData,
  options: { edit?: string | null; stylist?: CalculatorStylist | undefined } = {},
): CalculatorView {
  const { catalogue } = data;
  const steps = stepsFor(state, catalogue);
  const level = catalogue.levels.find((candidate) => candidate.id === state.level);
  const salon = data.salons.find((candidate) => candidate.id === state.salon);
  const stylist = options.stylist;
  const everythingChosen = allSelected(steps);

  const editing = steps.find((step) => step.key === options.edit);
  const openKey = editing?.key ?? currentStep(steps)?.key;
  const openIndex = openKey === undefined ? steps.length : steps.findIndex((step) => step.key === openKey);

  const stepViews: StepView[] = steps.map((step, index) => {
    const service = chosenService(step, catalogue);
    let status: StepStatus;
    if (index === openIndex) status = "open";
    else if (step.done) status = "done";
    else status = index < openIndex ? "todo" : "upcoming";

    // The step's label is shown beside the summary, so only the colour keeps its category in front.
    const summary =
      step.kind === "level"
        ? levelSummary({ level, stylist, salon }, step)
        : service && step.done
          ? step.kind === "colour"
            ? serviceLineLabel(step.key, service)
            : clientServiceName(service)
          : step.optional && step.done
            ? "None (optional)"
            : null;
    const pricePence = service && level && step.done ? linePricePence(service, level, catalogue.rounding) : null;
    const changeHref = status === "done" || status === "todo" ? calculatorHref(state, step.key) : null;
    return { step, number: index + 1, label: stepLabel(step), status, summary, pricePence, changeHref };
  });

  const slotOfService = new Map<number, ServiceSlot>();
  const unavailableChoices: CalculatorView["unavailableChoices"] = [];
  for (const step of steps) {
    if (step.kind === "level") continue;
    const service = chosenService(step, catalogue);
    if (!service) continue;
    slotOfService.set(service.id, step.key);
    if (level && !availableAtLevel(service, level.id)) {
      unavailableChoices.push({ slot: step.key, label: serviceLineLabel(step.key, service), service });
    }
  }

  // The priced lines are exactly what a saved quote would hold: the usable selections in flow order.
  const selected = selectedServices(state, catalogue);
  let quote: CalculatorView["quote"] = null;
  if (level && totalsVisible(state, catalogue)) {
    const priced = quoteLines(selected, level, catalogue.rounding);
    quote = {
      totalPence: priced.totalPence,
      lines: priced.lines.map((line) => {
        const slot = slotOfService.get(line.serviceId) ?? "colour";
        return {
          slot,
          label: serviceLineLabel(slot, line.service),
          service: line.service,
          pricePence: line.pricePence,
        };
      }),
    };
  }

  const levelMode = state.mode !== "stylist";
  const levelChoices: LevelChoice[] = catalogue.levels.map((candidate) => ({
    level: candidate,
    fromPricePence: state.type ? fromPricePence(state.type, candidate, catalogue) : null,
    takingNewClients: levelTakesNewClients(data.stylists, candidate.id),
  }));
  // Up and down a level go to the nearest levels where someone can be booked.
  const openLevels = levelChoices.filter((choice) => choice.takingNewClients).map((choice) => choice.level);
  const levelClosed = levelMode && level !== undefined && !openLevels.some((open) => open.id === level.id);
  const offersLevelChange = everythingChosen && levelMode && level !== undefined;
  const findLevel = (id: number | null) => (id === null ? undefined : catalogue.levels.find((l) => l.id === id));

  let next: CalculatorView["next"] = null;
  if (everythingChosen) {
    next = levelMode
      ? {
          href: stateHref(TOTAL_BY_LEVEL_PATH, state),
          label: "Show Stylists",
          budgetHref: stateHref(TOTAL_BY_PRICE_PATH, state),
        }
      : { href: stateHref(TOTAL_BY_STYLIST_PATH, state), label: "Next", budgetHref: null };
  }

  return {
    state,
    levelChoices,
    closedLevelNotice: levelClosed
      ? `Nobody at ${level.name} level is taking new clients at the moment. Please choose another level.`
      : null,
    data,
    steps: stepViews,
    openStep: stepViews.find((view) => view.status === "open"),
    level,
    stylist,
    salon,
    allSelected: everythingChosen,
    quote,
    unavailableChoices,
    levelUp: offersLevelChange
      ? levelChangeOffer(state, findLevel(levelUp(level.id, openLevels)), selected, catalogue.rounding)
      : null,
    levelDown: offersLevelChange
      ? levelChangeOffer(state, findLevel(levelDown(level.id, openLevels)), selected, catalogue.rounding)
      : null,
    next,
  };
}

/** Link targets inside the open step. */
export const stepLinks = {
  choose: (state: CalculatorState, slot: ServiceSlot, serviceId: number) =>
    calculatorHref(withChange(state, { [slot]: serviceId })),
  /** Leaves an optional step out ("None" for a plex the flow does not need). */
  leaveOut: (state: CalculatorState, slot: ServiceSlot) => calculatorHref(withChange(state, { [slot]: undefined })),
  /** Keeps the colour step open even when the same category (and its colour) is picked again. */
  colourCategory: (state: CalculatorState, colourCat: number) =>
    calculatorHref(withChange(state, { cc: colourCat }), "colour"),
  backToCategories: (state: CalculatorState) => calculatorHref(backToCategories(state)),
  level: (state: CalculatorState, levelId: number) => calculatorHref(withChange(state, { level: levelId })),
  /** The salon is chosen within the level step, which stays open for the level. */
  salon: (state: CalculatorState, salonId: number) => calculatorHref(withChange(state, { salon: salonId }), "level"),
  stylist: (state: CalculatorState, stylist: CalculatorStylist) =>
    calculatorHref(withChange(state, { stylist: stylist.slug, level: stylist.levelId, salon: stylist.salonId })),
};

/**
 * The catalogue as the calculator island is given it, in the page: only the
 * fields the view reads (the rows may carry more), so the page carries no
 * more than the steps need. Its lists are made once for each list of rows
 * (which the server keeps while the price list is unchanged), so what is
 * worked out from them and remembered by list (fromPricePence) is worked out
 * once, not on every page.
 */
export function calculatorData(data: CalculatorData): CalculatorData {
  return {
    catalogue: {
      services: onceFor(islandServices, data.catalogue.services, (services) =>
        services.map((s) => ({
          id: s.id,
          service: s.service,
          clientName: s.clientName,
          pricePence: s.pricePence,
          productPricePence: s.productPricePence,
          cat1: s.cat1,
          cat2: s.cat2,
          groupName: s.groupName,
          minLevel: s.minLevel,
          sortOrder: s.sortOrder,
        })),
      ),
      // A level's own price changes price its lines in the browser as on the server.
      levels: onceFor(islandLevels, data.catalogue.levels, (levels) =>
        levels.map(({ id, name, adapterBp, changes }) =>
          changes ? { id, name, adapterBp, changes } : { id, name, adapterBp },
        ),
      ),
      rounding: data.catalogue.rounding,
    },
    stylists: data.stylists.map((s) => ({
      slug: s.slug,
      firstName: s.firstName,
      lastName: s.lastName,
      salonId: s.salonId,
      levelId: s.levelId,
      image: s.image,
      photo: s.photo && {
        id: s.photo.id,
        alt: s.photo.alt,
        width: s.photo.width,
        height: s.photo.height,
        widths: s.photo.widths,
      },
      acceptingNewClients: s.acceptingNewClients,
    })),
    salons: data.salons.map((salon) => ({ id: salon.id, name: salon.name, shortName: salon.shortName })),
  };
}

const islandServices = new WeakMap<readonly Service[], Service[]>();
const islandLevels = new WeakMap<readonly Level[], Level[]>();

/** `make(source)`, kept in `made` for as long as `source` itself is kept. */
function onceFor<S extends object, T>(made: WeakMap<S, T>, source: S, make: (source: S) => T): T {
  let result = made.get(source);
  if (result === undefined) {
    result = make(source);
    made.set(source, result);
  }
  return result;
}
