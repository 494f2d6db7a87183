/**
 * How the group describes itself, in one place: how many salons and
 * academies it has (counted from the salons staff keep in the console), how
 * long it has been open (from the founding date staff keep on the brand
 * screen) and, if staff wrote one, its own line about itself. Every page that
 * says "two salons and a training academy" or "24 years" takes it from here,
 * so the pages never disagree.
 */
import { format, formatISO, parseISO } from "date-fns";
import { FOUNDED, yearsActive } from "./dates";
import { ACADEMY_SALON_ID } from "./salon-ids";

/** What a salon changes about how it describes itself: settings rows, edited in the console. */
export interface BrandSettings {
  /** The day the first salon opened (ISO date): "N years" counts from it. */
  founded: string;
  /** The group in a few words, to follow "is now …"; empty: counted from the salons. */
  groupLine: string;
}

/** The demo's brand, as a new install starts: founded November 2002, the line counted from the salons. */
export const DEFAULT_BRAND: BrandSettings = {
  founded: formatISO(FOUNDED, { representation: "date" }),
  groupLine: "",
};

/** The settings rows (site_settings keys) the brand is kept in. */
export const BRAND_SETTING_KEYS = { founded: "brandFounded", groupLine: "brandGroupLine" } as const;

export interface BrandFacts {
  /** Salons, the academy not counted. */
  salons: number;
  academies: number;
  /** Whole years open. */
  years: number;
  /** The day the first salon opened, yyyy-mm-dd (the owner's setting). */
  founded: string;
  /** Staff's own line about the group, when they wrote one. */
  line?: string;
}

export function brandFacts(
  salons: ReadonlyArray<{ id: number }>,
  now: Date,
  settings: BrandSettings = DEFAULT_BRAND,
): BrandFacts {
  const academies = salons.filter((s) => s.id === ACADEMY_SALON_ID).length;
  return {
    salons: salons.length - academies,
    academies,
    years: yearsActive(now, parseISO(settings.founded)),
    founded: settings.founded,
    ...(settings.groupLine ? { line: settings.groupLine } : {}),
  };
}

const WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
/** "four" for 4, up to ten; digits beyond. */
export const inWords = (n: number) => WORDS[n] ?? String(n);
const plural = (n: number, one: string, many: string) => `${inWords(n)} ${n === 1 ? one : many}`;

/** Staff's line, or "two salons and a training academy" counted from the salons. */
export function groupLine({ salons, academies, line }: BrandFacts): string {
  if (line) return line;
  const places = plural(salons, "salon", "salons");
  if (academies === 0) return places;
  return `${places} and ${academies === 1 ? "a training academy" : plural(academies, "training academy", "training academies")}`;
}

/** "both our salons and the academy": where one application or one offer counts. */
export function everyPlace({ salons, academies }: BrandFacts): string {
  const places = salons === 1 ? "our salon" : salons === 2 ? "both our salons" : `all ${inWords(salons)} of our salons`;
  return academies === 0 ? places : `${places} and the academy`;
}

/** "either of our salons or the academy": where a visit anywhere in the group counts. */
export function anyPlace({ salons, academies }: BrandFacts): string {
  const places =
    salons === 1 ? "our salon" : salons === 2 ? "either of our salons" : `any of our ${inWords(salons)} salons`;
  return academies === 0 ? places : `${places} or the academy`;
}

/**
 * How Maison Ivy began, in the words every page that tells it uses (About,
 * About-info, the console's brand screen), so the story never changes from one
 * page to the next. How big it is now comes from the salons (groupLine).
 */
export const FOUNDING_STORY = {
  /** What the first salon was: it follows "began with" and "What began as". */
  beganWith: "three chairs",
  /** Where it was, after the chairs. */
  where: "above the florist on Market Row",
  town: "Wrenbridge",
} as const;

/** The founding day as the pages say it: "1 November 2002", "November 2002", "1 November", "2002". */
export function founding(brand: Pick<BrandFacts, "founded">) {
  const day = parseISO(brand.founded);
  return {
    day: format(day, "d MMMM yyyy"),
    month: format(day, "MMMM yyyy"),
    dayOfYear: format(day, "d MMMM"),
    year: format(day, "yyyy"),
  };
}

/** "three chairs above the florist on Market Row". */
export const beginnings = () => `${FOUNDING_STORY.beganWith} ${FOUNDING_STORY.where}`;

/** The first letter in capitals, for a line that opens a sentence. */
export const sentence = (line: string) => line.charAt(0).toUpperCase() + line.slice(1);
