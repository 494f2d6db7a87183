/**
 * How the group describes itself, in one place: how many salons and
 * academies it has (counted from the salons staff keep in the console) and
 * how long it has been open (from the founding date). Every page that says
 * "two salons and a training academy" or "24 years" takes it from here, so
 * the pages never disagree.
 */
import { yearsActive } from "./dates";
import { ACADEMY_SALON_ID } from "./salon-info";

export interface BrandFacts {
  /** Salons, the academy not counted. */
  salons: number;
  academies: number;
  /** Whole years open. */
  years: number;
}

export function brandFacts(salons: ReadonlyArray<{ id: number }>, now: Date): BrandFacts {
  const academies = salons.filter((s) => s.id === ACADEMY_SALON_ID).length;
  return { salons: salons.length - academies, academies, years: yearsActive(now) };
}

const WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const inWords = (n: number) => WORDS[n] ?? String(n);
const plural = (n: number, one: string, many: string) => `${inWords(n)} ${n === 1 ? one : many}`;

/** "two salons and a training academy". */
export function groupLine({ salons, academies }: BrandFacts): string {
  const places = plural(salons, "salon", "salons");
  if (academies === 0) return places;
  return `${places} and ${academies === 1 ? "a training academy" : plural(academies, "training academy", "training academies")}`;
}

/** "both our salons and the academy": where one application or one offer counts. */
export function everyPlace({ salons, academies }: BrandFacts): string {
  const places = salons === 1 ? "our salon" : salons === 2 ? "both our salons" : `all ${inWords(salons)} of our salons`;
  return academies === 0 ? places : `${places} and the academy`;
}

/** The first letter in capitals, for a line that opens a sentence. */
export const sentence = (line: string) => line.charAt(0).toUpperCase() + line.slice(1);
