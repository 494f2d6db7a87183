/**
 * The price list screens' forms: a service (names, prices, category, who may
 * do it, its place in the list, and from when new prices apply) and a level
 * (name and uplift). Shared by the server and the unit tests.
 */
import { adapterBpFromPercent } from "../format";
import { z } from "../zod";
import { isoDate, optionalText, pounds, requiredText, typedLine } from "./content";
import { categoryKey, SERVICE_CATEGORIES } from "./service-categories";

/** A price from £0 to £10,000: anything more is a typing slip. */
const MAX_PENCE = 1_000_000;
const price = (what: string) =>
  pounds(what).refine((pence) => pence <= MAX_PENCE, `Please keep ${what} to £10,000 or less.`);

const wholeNumber = (what: string, min: number, max: number) =>
  z
    .string({ error: `Please enter ${what}.` })
    .trim()
    .regex(/^-?\d{1,6}$/, `Please enter ${what} as a whole number.`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `Please enter ${what} from ${min} to ${max}.`);

/**
 * A service as the form posts it. `from` empty: the prices apply on saving;
 * a day: the names and the rest change now and the prices from that day.
 */
export const serviceSchema = z
  .object({
    clientName: requiredText("the name clients read", 120),
    service: requiredText("the till name", 120),
    price: price("the price"),
    productPrice: price("the product price"),
    category: z.string({ error: "Please choose a category." }).transform((v, ctx) => {
      const found = SERVICE_CATEGORIES.find((c) => categoryKey(c.cat1, c.cat2) === v);
      if (!found) {
        ctx.addIssue({ code: "custom", message: "Please choose a category." });
        return z.NEVER;
      }
      return { cat1: found.cat1, cat2: found.cat2 };
    }),
    groupName: requiredText("the price list heading", 120),
    minLevel: wholeNumber("the lowest level", 1, 99),
    sortOrder: wholeNumber("the order", -9999, 9999),
    from: optionalText(10).pipe(isoDate("the day the prices apply from").nullable()),
  })
  .transform(({ category, ...rest }) => ({ ...rest, ...category }));

export type ServiceInput = z.infer<typeof serviceSchema>;

/** A later day than `today`, or a message saying why not. */
export function scheduleProblem(from: string, today: string): string | null {
  return from > today
    ? null
    : "Please choose a day after today, or leave the day empty for the new prices to apply when you save.";
}

/** A level's uplift as typed ("12.32", "-20", "+6.26%") to hundredths of a percent. */
const uplift = typedLine("Please enter the uplift.")
  .transform((v, ctx) => {
    try {
      return adapterBpFromPercent(v.replace(/%$/, "").replace(/^\+/, "").trim());
    } catch {
      ctx.addIssue({ code: "custom", message: "Please enter the uplift as a percentage, such as 12.32 or -20." });
      return z.NEVER;
    }
  })
  // -100% would make every adjusted service free; more than +500% is a slip of the keyboard.
  .refine((bp) => bp > -10_000 && bp <= 50_000, "Please enter an uplift above -100% and at most 500%.");

export const levelSchema = z.object({
  name: requiredText("the level's name", 80),
  uplift,
});

/** 1234 hundredths of a percent → "12.34", -2000 → "-20", for the form. */
export function percentText(bp: number): string {
  const sign = bp < 0 ? "-" : "";
  const abs = Math.abs(bp);
  const fraction = String(abs % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return `${sign}${Math.floor(abs / 100)}${fraction ? `.${fraction}` : ""}`;
}

/** Pence → "49.50" for a form field (no pound sign, no thousands separator). */
export const poundsText = (pence: number) => (pence / 100).toFixed(2);
