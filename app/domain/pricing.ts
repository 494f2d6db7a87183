/**
 * Price and availability rules of the quote calculator.
 * Pure: shared by the browser and the server, so a quote is priced identically
 * on both sides.
 */
import { Cat1, ColourAddOnCat, ColourCat, type Level, MensCat, type Service } from "./catalogue";
import { type PriceRounding, roundExactPence } from "./price-rounding";
import { inBulkScope } from "./staff/service-categories";

/** Hundredths of a percent in a whole: an adapter of +25.30% is 2530 / 10000. */
const BP_SCALE = 10_000n;

/** Whether the level adapter applies and whether product is charged on top. */
interface PricingRule {
  adjusted: boolean;
  withProduct: boolean;
}

function pricingRuleFor(service: Service): PricingRule {
  switch (service.cat1) {
    case Cat1.Finish:
    case Cat1.FinishAddOn:
      return { adjusted: true, withProduct: false };
    case Cat1.Colour:
    case Cat1.ColourAddOn:
      return { adjusted: true, withProduct: true };
    case Cat1.Mens:
      // Only men's colour uses product; a men's cut is labour only.
      return { adjusted: true, withProduct: service.cat2 === MensCat.Colour };
    case Cat1.Treatment:
      // Plex and intensive treatments cost the same whoever applies them.
      return { adjusted: false, withProduct: false };
    default:
      // An unknown category is a data error; pricing it by guess would quote a wrong price.
      throw new Error(`Service ${service.id} has unknown cat1 ${service.cat1}`);
  }
}

function assertWholePence(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be whole pence, got ${value}`);
  return BigInt(value);
}

/** An exact amount of pence as numerator / denominator, the denominator a power of 10000. */
interface ExactPence {
  numerator: bigint;
  denominator: bigint;
}

/**
 * The exact labour of one service at one level, unrounded, or null when
 * levels do not change the service's price (treatments cost the same whoever
 * applies them): pricePence × (10000 + adapterBp) / 10000, then the level's
 * own changes that cover the service in turn (a percentage multiplies, an
 * amount adds; never below £0 after a change).
 */
function exactLabour(service: Service, level: Level): ExactPence | null {
  if (!pricingRuleFor(service).adjusted) return null;
  const price = assertWholePence(service.pricePence, `pricePence of service ${service.id}`);
  const adapterBp = assertWholePence(level.adapterBp, `adapterBp of level ${level.id}`);
  let numerator = price * (BP_SCALE + adapterBp);
  let denominator = BP_SCALE;
  for (const change of level.changes ?? []) {
    if (!inBulkScope(service, change.scope)) continue;
    const step = assertWholePence(change.step, `step of a change to level ${level.id}`);
    if (change.by === "amount") numerator += step * denominator;
    else {
      numerator *= BP_SCALE + step;
      denominator *= BP_SCALE;
    }
    if (numerator < 0n) numerator = 0n;
  }
  return { numerator, denominator };
}

/**
 * The labour of one service at one level, in pence rounded to the nearest
 * penny (exact halves up), or null when levels do not change the service's
 * price. For showing labour alone (the bulk price preview); a quote's line
 * is priced by linePricePence, which rounds only once.
 */
export function levelLabourPence(service: Service, level: Level): number | null {
  const labour = exactLabour(service, level);
  return labour === null ? null : roundExactPence(labour.numerator, labour.denominator, "exact");
}

/**
 * Price of one service at one level, in pence: the exact labour at the level,
 * plus product unadjusted where the service charges it; a result of 0 or
 * less counts as 0. The exact sum is rounded once, to the owner's step
 * (app/domain/price-rounding.ts): Balayage with root application above the
 * collarbone at Advanced Stylist is 8140 × 1.0626 + 3200 = 11849.6p, £118
 * to the whole pound (rounding the labour to the penny first would make it
 * £118.50 and then £119). A total adds rounded lines and is never rounded
 * again, so the lines always add up to it.
 */
export function linePricePence(service: Service, level: Level, rounding: PriceRounding): number {
  const rule = pricingRuleFor(service);
  const labour = exactLabour(service, level) ?? {
    numerator: assertWholePence(service.pricePence, `pricePence of service ${service.id}`),
    denominator: 1n,
  };
  const product = rule.withProduct
    ? assertWholePence(service.productPricePence, `productPricePence of service ${service.id}`)
    : 0n;
  const numerator = labour.numerator + product * labour.denominator;
  return numerator > 0n ? roundExactPence(numerator, labour.denominator, rounding) : 0;
}

interface QuoteLine {
  serviceId: number;
  service: Service;
  pricePence: number;
}

export interface Quote {
  lines: QuoteLine[];
  totalPence: number;
}

/** Itemised quote for the selected services at one level; the total is the sum of the lines. */
export function quoteLines(selectedServices: readonly Service[], level: Level, rounding: PriceRounding): Quote {
  const lines = selectedServices.map((service) => ({
    serviceId: service.id,
    service,
    pricePence: linePricePence(service, level, rounding),
  }));
  const totalPence = lines.reduce((sum, line) => sum + line.pricePence, 0);
  return { lines, totalPence };
}

/** Whether a stylist of this level may carry out the service (the restriction is data: minLevel). */
export function availableAtLevel(service: Service, levelId: number): boolean {
  return levelId >= service.minLevel;
}

export const NEW_STARTER_MENS_CUT_MESSAGE =
  "New Starters are not qualified to carry out this service. Please select a different level or stylist";

function isMensCut(service: Service): boolean {
  return service.cat1 === Cat1.Mens && service.cat2 === MensCat.Cut;
}

/**
 * The notice for the men's cut step: shown when the level can do none of the
 * men's cuts, so the visitor knows to change level instead of seeing only faded options.
 */
export function mensCutUnavailableMessage(services: readonly Service[], levelId: number): string | null {
  const cuts = services.filter(isMensCut);
  if (cuts.length === 0) return null;
  return cuts.some((cut) => availableAtLevel(cut, levelId)) ? null : NEW_STARTER_MENS_CUT_MESSAGE;
}

const ADD_ON_CAT_BY_COLOUR_CAT: ReadonlyMap<number, number> = new Map([
  [ColourCat.FullHead, ColourAddOnCat.FullHead],
  [ColourCat.Foils, ColourAddOnCat.Foils],
  [ColourCat.Bleach, ColourAddOnCat.Bleach],
]);

/**
 * The colour add-on cat2 that goes with a colour category, or null when that
 * category has no add-on step (classic, balayage, vivids, correction).
 */
export function colourAddOnCatFor(colourCat: number): number | null {
  return ADD_ON_CAT_BY_COLOUR_CAT.get(colourCat) ?? null;
}

/** The next higher existing level id, or null at the top. */
export function levelUp(levelId: number, levels: readonly Level[]): number | null {
  const higher = levels.map((level) => level.id).filter((id) => id > levelId);
  return higher.length > 0 ? Math.min(...higher) : null;
}

/** The next lower existing level id, or null at the bottom. */
export function levelDown(levelId: number, levels: readonly Level[]): number | null {
  const lower = levels.map((level) => level.id).filter((id) => id < levelId);
  return lower.length > 0 ? Math.max(...lower) : null;
}
