/**
 * Many prices changed at once (a yearly 3% rise is one form, not 58 edits):
 * by a percentage or an amount, for every service, a kind (all colour) or one
 * category, at every level (the list prices) or at one level, now or from a
 * day. The new prices are worked out here, so the preview and the save
 * compute them the same way; the server writes them in one transaction
 * (app/server/staff/price-list.server.ts).
 */
import type { Level, Service } from "../catalogue";
import { adapterBpFromPercent, penceFromPounds } from "../format";
import { changedPricePence } from "../level-changes";
import { BULK_ROUNDINGS, type BulkRounding, roundingOf, roundToStepPence } from "../price-rounding";
import { levelLabourPence } from "../pricing";
import { z } from "../zod";
import { isoDate, optionalText, typedLine } from "./content";
import { BULK_SCOPES, categoryLabel, inBulkScope } from "./service-categories";

/** ±50% at most and ±£100: a bigger step is a slip of the keyboard, or a job for the single-service editor. */
const MAX_PERCENT_BP = 5_000;
const MAX_AMOUNT_PENCE = 10_000;

export const bulkPriceSchema = z
  .object({
    scope: z
      .string({ error: "Please choose which services change." })
      .refine((v) => BULK_SCOPES.some((s) => s.value === v), "Please choose which services change."),
    by: z.enum(["percent", "amount"], { error: "Please choose a percentage or an amount." }),
    change: typedLine("Please enter the change.").min(1, "Please enter the change, such as 3 or -2.50."),
    from: optionalText(10).pipe(isoDate("the day the prices apply from").nullable()),
    /** Empty: every level, through the list prices; a level's id: that level's prices only. */
    level: optionalText(6).pipe(
      z
        .string()
        .regex(/^[1-9]\d{0,5}$/, "Please choose the level from the list.")
        .transform(Number)
        .nullable(),
    ),
    /** Empty: to the penny, as before the choice was offered. */
    round: optionalText(6).pipe(
      z
        .enum(
          BULK_ROUNDINGS.map((r) => r.value),
          { error: "Please choose how the new prices are rounded." },
        )
        .nullable(),
    ),
  })
  .transform((value, ctx) => {
    const text = value.change
      .replace(/%$/, "")
      .replace(/^\+/, "")
      .replace(/^(-?)£/, "$1")
      .trim();
    let step: number;
    try {
      step = value.by === "percent" ? adapterBpFromPercent(text) : signedPence(text);
    } catch {
      ctx.addIssue({
        code: "custom",
        path: ["change"],
        message:
          value.by === "percent"
            ? "Please enter the percentage as a number, such as 3 or -2.5."
            : "Please enter the amount in pounds, such as 2 or -1.50.",
      });
      return z.NEVER;
    }
    const max = value.by === "percent" ? MAX_PERCENT_BP : MAX_AMOUNT_PENCE;
    if (step === 0 || Math.abs(step) > max) {
      ctx.addIssue({
        code: "custom",
        path: ["change"],
        message:
          value.by === "percent"
            ? "Please enter a percentage other than 0, from -50 to 50."
            : "Please enter an amount other than 0, from -£100 to £100.",
      });
      return z.NEVER;
    }
    const round: BulkRounding = value.round ?? "exact";
    if (round !== "exact" && value.level !== null) {
      ctx.addIssue({
        code: "custom",
        path: ["round"],
        message: "Rounding applies to the list prices: a level's prices are rounded in each quote, as set in Settings.",
      });
      return z.NEVER;
    }
    return { scope: value.scope, by: value.by, step, from: value.from, level: value.level, round };
  });

export type BulkPriceChange = z.infer<typeof bulkPriceSchema>;

function signedPence(text: string): number {
  return text.startsWith("-") ? -penceFromPounds(text.slice(1)) : penceFromPounds(text);
}

export interface BulkPriceRow {
  id: number;
  name: string;
  category: string;
  beforePence: number;
  afterPence: number;
  productPricePence: number;
}

/**
 * The services the change covers, each with its list price before and after
 * (the product charge stays: it is what the product costs the salon). A
 * service whose price would not move (a "None" row at £0) is left out.
 */
export function bulkPriceRows(services: readonly Service[], change: BulkPriceChange): BulkPriceRow[] {
  return services
    .filter((service) => inBulkScope(service, change.scope))
    .map((service) => ({
      id: service.id,
      name: service.clientName,
      category: categoryLabel(service.cat1, service.cat2),
      beforePence: service.pricePence,
      afterPence: newListPricePence(service.pricePence, change),
      productPricePence: service.productPricePence,
    }))
    .filter((row) => row.afterPence !== row.beforePence);
}

/**
 * A list price after the change, in pence: the exact new price (a
 * percentage is not rounded first) rounded once to the chosen step, exact
 * halves up; never below £0.
 */
function newListPricePence(pricePence: number, change: Pick<BulkPriceChange, "by" | "step" | "round">): number {
  const price = BigInt(pricePence);
  const step = BigInt(change.step);
  const [numerator, denominator] = change.by === "amount" ? [price + step, 1n] : [price * (10_000n + step), 10_000n];
  return Math.max(0, roundToStepPence(numerator, denominator, roundingOf(change.round).stepPence));
}

/**
 * The services a change for one level covers, each with its price at that
 * level before and after (labour only: the product charge is added as ever).
 * Services whose price is the same at every level (treatments) are left out.
 */
export function bulkLevelRows(services: readonly Service[], level: Level, change: BulkPriceChange): BulkPriceRow[] {
  return services
    .filter((service) => inBulkScope(service, change.scope))
    .flatMap((service) => {
      const before = levelLabourPence(service, level);
      if (before === null) return [];
      const after = changedPricePence(before, change);
      if (after === before) return [];
      return [
        {
          id: service.id,
          name: service.clientName,
          category: categoryLabel(service.cat1, service.cat2),
          beforePence: before,
          afterPence: after,
          productPricePence: service.productPricePence,
        },
      ];
    });
}

/** A change without its day: "All colour +3%", "Plex treatment −£10". */
export function levelChangeText(change: Pick<BulkPriceChange, "scope" | "by" | "step">): string {
  const sign = change.step > 0 ? "+" : "−";
  const size =
    change.by === "percent"
      ? `${sign}${(Math.abs(change.step) / 100).toString()}%`
      : `${sign}£${(Math.abs(change.step) / 100).toFixed(2).replace(/\.00$/, "")}`;
  const scope = BULK_SCOPES.find((s) => s.value === change.scope)?.label ?? change.scope;
  return `${scope} ${size}`;
}

/**
 * The change in words, for the page and the audit log: "All colour +3% from
 * 2026-12-07 (5 services)", or for one level "Senior Stylist: All colour …".
 */
export function bulkChangeText(change: BulkPriceChange, count: number, levelName?: string): string {
  const when = change.from ? `from ${change.from}` : "now";
  const text = `${levelChangeText(change)}${roundingOf(change.round).phrase} ${when} (${count} ${count === 1 ? "service" : "services"})`;
  return levelName ? `${levelName}: ${text}` : text;
}
