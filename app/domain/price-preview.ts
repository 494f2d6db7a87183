/**
 * What a price change does to the quotes clients actually ask for, shown
 * before a manager saves it: a few typical selections priced at every level
 * with the price list as it is and as it would be, by the same pricing rule
 * the calculator uses (one rounding per line, the total the sum of the lines).
 */
import type { Catalogue } from "./calculator-state";
import type { Service } from "./catalogue";
import { discountedPence } from "./first-visit-offer";
import type { LevelPrice } from "./offers";
import { availableAtLevel, quoteLines } from "./pricing";

export interface TypicalQuote {
  label: string;
  /** Service ids of the demo's price list. */
  serviceIds: readonly number[];
}

/**
 * The one selection a stylist's "typical cut & colour" price is: roots colour
 * with a cut & blow-dry, priced at their level by the calculator's own rule
 * (so two stylists of one level always show the same figure, and the figure
 * is what the calculator quotes).
 */
const TYPICAL_CUT_AND_COLOUR: TypicalQuote = { label: "Roots colour with a cut & blow-dry", serviceIds: [6, 1] };

/** Selections the salon quotes most often, by the seeded price list's ids. */
export const TYPICAL_QUOTES: readonly TypicalQuote[] = [
  { label: "Cut & blow-dry", serviceIds: [1] },
  TYPICAL_CUT_AND_COLOUR,
  { label: "Full head foils, toner and a blow-dry", serviceIds: [11, 35, 2] },
  { label: "Men's wash, cut & style", serviceIds: [58] },
];

interface PreviewRow {
  levelId: number;
  levelName: string;
  /** null where the level may not carry out the whole selection. */
  beforePence: number | null;
  afterPence: number | null;
}

export interface QuotePreview {
  label: string;
  rows: PreviewRow[];
}

function priceAt(serviceIds: readonly number[], catalogue: Catalogue, levelId: number): number | null {
  const level = catalogue.levels.find((candidate) => candidate.id === levelId);
  const chosen = serviceIds.map((id) => catalogue.services.find((service) => service.id === id));
  if (!level || chosen.some((service) => !service || !availableAtLevel(service, level.id))) return null;
  return quoteLines(chosen as Service[], level, catalogue.rounding).totalPence;
}

/** A stylist's typical cut & colour at their level; null where the level may not do it or a service has gone. */
export function typicalCutAndColourPence(catalogue: Catalogue, levelId: number): number | null {
  return priceAt(TYPICAL_CUT_AND_COLOUR.serviceIds, catalogue, levelId);
}

/**
 * The rows of an offer's "typical cut & colour at each level" table: for each
 * of `levelIds` the same typical price the team pages show, and after
 * `percent` off, rounded once to the penny as the first-visit offer is. A
 * level that may not do the whole selection is left out. Prices come from the
 * price list as it stands, so the offer page and the team pages cannot differ.
 */
export function offerLevelPrices(catalogue: Catalogue, levelIds: readonly number[], percent: number): LevelPrice[] {
  return levelIds.flatMap((levelId) => {
    const level = catalogue.levels.find((candidate) => candidate.id === levelId);
    const beforePence = typicalCutAndColourPence(catalogue, levelId);
    if (!level || beforePence === null) return [];
    return [{ levelId, level: level.name, beforePence, afterPence: discountedPence(beforePence, percent) }];
  });
}

/**
 * The typical quotes priced before and after, at each of `levels` (every
 * level, or the one being changed). When a service is being changed, only
 * the typical quotes with it are shown, and the service on its own first.
 */
export function previewQuotes(input: {
  before: Catalogue;
  after: Catalogue;
  serviceId?: number;
  levelIds?: readonly number[];
}): QuotePreview[] {
  const { before, after, serviceId } = input;
  let quotes: TypicalQuote[] = [...TYPICAL_QUOTES];
  if (serviceId !== undefined) {
    const service = after.services.find((candidate) => candidate.id === serviceId);
    quotes = [
      { label: `${service?.clientName ?? "This service"} on its own`, serviceIds: [serviceId] },
      ...TYPICAL_QUOTES.filter((quote) => quote.serviceIds.includes(serviceId) && quote.serviceIds.length > 1),
    ];
  }
  const levelIds = input.levelIds ?? after.levels.map((level) => level.id);
  return quotes.map((quote) => ({
    label: quote.label,
    rows: levelIds.flatMap((levelId) => {
      const was = before.levels.find((level) => level.id === levelId);
      const now = after.levels.find((level) => level.id === levelId);
      if (!was || !now) return [];
      return [
        {
          levelId,
          levelName: now.name,
          beforePence: priceAt(quote.serviceIds, before, was.id),
          afterPence: priceAt(quote.serviceIds, after, now.id),
        },
      ];
    }),
  }));
}
