/**
 * The price list and levels as the console edits them. A service's prices
 * change when saved, or from a later day (a row of scheduled_prices); a
 * change for one level is a row of level_price_changes. Both are applied by
 * the reads in app/server/queries/catalogue.server.ts. Either way a saved
 * quote keeps the prices it was given, because it stores its own lines.
 */
import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Catalogue } from "~/domain/calculator-state";
import type { Level, Service } from "~/domain/catalogue";
import { formatGBP } from "~/domain/format";
import { levelsInForce } from "~/domain/level-changes";
import type { PriceRounding } from "~/domain/price-rounding";
import { pricesInForce } from "~/domain/price-schedule";
import { londonDay } from "~/domain/salon-time";
import {
  type BulkPriceChange,
  bulkChangeText,
  bulkLevelRows,
  bulkPriceRows,
  levelChangeText,
} from "~/domain/staff/bulk-prices";
import type { ServiceInput } from "~/domain/staff/price-list";
import { now } from "../clock.server";
import type { Database } from "../db.server";
import { priceRounding } from "../price-rounding.server";
import { levelPriceChanges, levels, scheduledPrices, services } from "../schema.server";
import { audit } from "./audit.server";
import type { StaffContext } from "./auth.server";
import { type Refusal, refuse, saveVersioned } from "./content.server";

export type StaffService = typeof services.$inferSelect;

/**
 * Every service, retired ones included, at the prices in force today, and the
 * levels with their own changes in force; with the prices and level changes
 * still to come.
 */
export async function priceListForStaff(db: Database) {
  const today = londonDay(now());
  const [rows, scheduled, levelRows, levelChanges, rounding] = await Promise.all([
    db
      .select()
      .from(services)
      .orderBy(asc(services.cat1), asc(services.cat2), asc(services.sortOrder), asc(services.id)),
    db.select().from(scheduledPrices).orderBy(asc(scheduledPrices.effectiveOn), asc(scheduledPrices.id)),
    db.select().from(levels).orderBy(asc(levels.id)),
    db.select().from(levelPriceChanges).orderBy(asc(levelPriceChanges.effectiveOn), asc(levelPriceChanges.id)),
    priceRounding(db),
  ]);
  return {
    today,
    rounding,
    services: pricesInForce(rows, scheduled, today),
    upcoming: scheduled.filter((row) => row.effectiveOn > today),
    levels: levelsInForce(levelRows, levelChanges, today),
    levelChanges,
  };
}

export async function serviceForStaff(db: Database, id: number) {
  const list = await priceListForStaff(db);
  const service = list.services.find((row) => row.id === id);
  if (!service) return null;
  return { ...list, service, upcoming: list.upcoming.filter((row) => row.serviceId === id) };
}

/** The services and levels as the calculator prices them (retired services left out), with the owner's rounding. */
export function pricingCatalogue(
  rows: readonly StaffService[],
  levelRows: readonly Level[],
  rounding: PriceRounding,
): Catalogue {
  const live: Service[] = rows
    .filter((row) => row.retiredAt === null)
    .map((row) => ({ ...row, clientName: row.clientName?.trim() || row.service }));
  return {
    services: live,
    levels: levelRows.map(({ id, name, adapterBp, changes }) => ({ id, name, adapterBp, changes })),
    rounding,
  };
}

const pricesText = (price: number, product: number) =>
  product > 0 ? `${formatGBP(price)} + ${formatGBP(product)} product` : formatGBP(price);

/**
 * Saves a service. With no day, the prices apply at once, and any scheduled
 * price whose day has already come is dropped in the same transaction, since
 * the price saved now replaces it. With a day, everything but the prices
 * changes now and the prices wait for their day (one row per day: saving the
 * same day again replaces it).
 */
export async function saveService(
  db: Database,
  staff: StaffContext,
  id: number,
  input: Readonly<Record<string, string | undefined>>,
  value: ServiceInput,
): Promise<Refusal | null> {
  const today = londonDay(now());
  const details = {
    service: value.service,
    clientName: value.clientName,
    cat1: value.cat1,
    cat2: value.cat2,
    groupName: value.groupName,
    minLevel: value.minLevel,
    sortOrder: value.sortOrder,
  };
  const prices = pricesText(value.price, value.productPrice);
  if (value.from === null) {
    // The entry says the prices in force before (a scheduled price due included), so the log alone shows a change.
    const was = (await serviceForStaff(db, id))?.service;
    const before = was ? pricesText(was.pricePence, was.productPricePence) : null;
    const change = before === null || before === prices ? `${prices}, unchanged` : `${before} → ${prices} from now`;
    return saveVersioned(db, staff, input, {
      table: services,
      where: eq(services.id, id),
      values: { ...details, pricePence: value.price, productPricePence: value.productPrice },
      audit: {
        action: "service.edit",
        subject: { type: "service", id },
        summary: `${value.clientName} (${value.service}): ${change}`,
      },
      missing: "That service is no longer on the price list.",
      alongside: async (tx) => {
        await tx
          .delete(scheduledPrices)
          .where(and(eq(scheduledPrices.serviceId, id), lte(scheduledPrices.effectiveOn, today)));
      },
    });
  }
  const from = value.from;
  return saveVersioned(db, staff, input, {
    table: services,
    where: eq(services.id, id),
    values: details,
    audit: {
      action: "service.schedule",
      subject: { type: "service", id },
      summary: `${value.clientName} (${value.service}): ${prices} from ${from}`,
    },
    missing: "That service is no longer on the price list.",
    alongside: async (tx) => {
      await tx
        .insert(scheduledPrices)
        .values({ serviceId: id, pricePence: value.price, productPricePence: value.productPrice, effectiveOn: from })
        .onConflictDoUpdate({
          target: [scheduledPrices.serviceId, scheduledPrices.effectiveOn],
          set: {
            pricePence: value.price,
            productPricePence: value.productPrice,
            version: sql`${scheduledPrices.version} + 1`,
          },
        });
    },
  });
}

/** A new service, on the list at once; its id follows the last one. */
export async function addService(db: Database, staff: StaffContext, value: ServiceInput): Promise<number | Refusal> {
  if (value.from !== null)
    return refuse(400, {
      error: "A new service is on the price list from when it is added: leave the day empty.",
      fieldErrors: { from: "Leave this empty for a new service." },
    });
  try {
    return await db.transaction(async (tx) => {
      const [next] = await tx.select({ id: sql<number>`coalesce(max(${services.id}), 0) + 1` }).from(services);
      const id = Number(next?.id ?? 1);
      await tx.insert(services).values({
        id,
        service: value.service,
        clientName: value.clientName,
        pricePence: value.price,
        productPricePence: value.productPrice,
        cat1: value.cat1,
        cat2: value.cat2,
        groupName: value.groupName,
        minLevel: value.minLevel,
        sortOrder: value.sortOrder,
      });
      await audit(tx, staff, {
        action: "service.add",
        subject: { type: "service", id },
        summary: `${value.clientName} (${value.service}): ${pricesText(value.price, value.productPrice)}`,
      });
      return id;
    });
  } catch (error) {
    // Two services added in the same instant took the same id: the second is asked to try again.
    if (
      (error as { cause?: { code?: string } }).cause?.code === "23505" ||
      (error as { code?: string }).code === "23505"
    )
      return refuse(409, { error: "Someone added a service at the same moment: please add yours again." });
    throw error;
  }
}

/** Takes a service off the price list (or puts it back). The row stays for the quotes that name it. */
export function setServiceRetired(
  db: Database,
  staff: StaffContext,
  id: number,
  input: Readonly<Record<string, string | undefined>>,
  retired: boolean,
): Promise<Refusal | null> {
  return saveVersioned(db, staff, input, {
    table: services,
    where: eq(services.id, id),
    values: { retiredAt: retired ? now() : null },
    audit: { action: retired ? "service.retire" : "service.restore", subject: { type: "service", id } },
    missing: "That service is no longer on the price list.",
  });
}

/** Drops a price still to come; one whose day has come is part of the price list and is changed by a save. */
export async function cancelScheduledPrice(db: Database, staff: StaffContext, serviceId: number, scheduledId: number) {
  const today = londonDay(now());
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(scheduledPrices)
      .where(
        and(
          eq(scheduledPrices.id, scheduledId),
          eq(scheduledPrices.serviceId, serviceId),
          gt(scheduledPrices.effectiveOn, today),
        ),
      )
      .returning();
    if (!gone) return false;
    await audit(tx, staff, {
      action: "service.schedule-cancel",
      subject: { type: "service", id: serviceId },
      summary: `${pricesText(gone.pricePence, gone.productPricePence)} from ${gone.effectiveOn} cancelled`,
    });
    return true;
  });
}

export function saveLevel(
  db: Database,
  staff: StaffContext,
  id: number,
  input: Readonly<Record<string, string | undefined>>,
  value: { name: string; uplift: number },
): Promise<Refusal | null> {
  return saveVersioned(db, staff, input, {
    table: levels,
    where: eq(levels.id, id),
    values: { name: value.name, adapterBp: value.uplift },
    audit: {
      action: "level.edit",
      subject: { type: "level", id },
      summary: `${value.name}: ${value.uplift >= 0 ? "+" : ""}${(value.uplift / 100).toFixed(2)}%`,
    },
    missing: "That level no longer exists.",
  });
}

/**
 * The price list a bulk change starts from: the live services and levels at
 * the prices in force on the day it applies (a change already scheduled for
 * an earlier day counts), so the preview and the save agree. Null when the
 * change names a level that does not exist.
 */
export async function bulkPricePlan(db: Database, change: BulkPriceChange) {
  const today = londonDay(now());
  const day = change.from ?? today;
  const [rows, scheduled, levelRows, levelChanges, rounding] = await Promise.all([
    db.select().from(services),
    db.select().from(scheduledPrices),
    db.select().from(levels).orderBy(asc(levels.id)),
    db.select().from(levelPriceChanges),
    priceRounding(db),
  ]);
  const base = pricingCatalogue(
    pricesInForce(rows, scheduled, day),
    levelsInForce(levelRows, levelChanges, day),
    rounding,
  );
  if (change.level !== null) {
    const level = base.levels.find((row) => row.id === change.level);
    if (!level) return null;
    const added = { scope: change.scope, by: change.by, step: change.step };
    const after = {
      ...base,
      levels: base.levels.map((row) => (row === level ? { ...row, changes: [...(row.changes ?? []), added] } : row)),
    };
    return { today, level, rows: bulkLevelRows(base.services, level, change), before: base, after };
  }
  const changes = bulkPriceRows(base.services, change);
  const byId = new Map(changes.map((row) => [row.id, row]));
  const after = {
    ...base,
    services: base.services.map((s) => {
      const row = byId.get(s.id);
      return row ? { ...s, pricePence: row.afterPence } : s;
    }),
  };
  return { today, level: null, rows: changes, before: base, after };
}

/**
 * Writes a bulk change in one transaction with one audit row. For every
 * level: each affected service's new list price, now (and any scheduled
 * price already due is dropped, as a single save does) or as a scheduled
 * price for its day. For one level: one row of level_price_changes, from its
 * day or today. Null when the level does not exist.
 */
export async function saveBulkPrices(db: Database, staff: StaffContext, change: BulkPriceChange) {
  return db.transaction(async (tx) => {
    const plan = await bulkPricePlan(tx as unknown as Database, change);
    if (!plan) return null;
    const ids = plan.rows.map((row) => row.id);
    if (ids.length === 0) return plan;
    if (plan.level) {
      await tx.insert(levelPriceChanges).values({
        levelId: plan.level.id,
        scope: change.scope,
        by: change.by,
        step: change.step,
        effectiveOn: change.from ?? plan.today,
      });
    } else if (change.from === null) {
      for (const row of plan.rows)
        await tx
          .update(services)
          .set({ pricePence: row.afterPence, version: sql`${services.version} + 1` })
          .where(eq(services.id, row.id));
      await tx
        .delete(scheduledPrices)
        .where(and(inArray(scheduledPrices.serviceId, ids), lte(scheduledPrices.effectiveOn, plan.today)));
    } else {
      const from = change.from;
      await tx
        .insert(scheduledPrices)
        .values(
          plan.rows.map((row) => ({
            serviceId: row.id,
            pricePence: row.afterPence,
            productPricePence: row.productPricePence,
            effectiveOn: from,
          })),
        )
        .onConflictDoUpdate({
          target: [scheduledPrices.serviceId, scheduledPrices.effectiveOn],
          set: {
            pricePence: sql`excluded.price_pence`,
            productPricePence: sql`excluded.product_price_pence`,
            version: sql`${scheduledPrices.version} + 1`,
          },
        });
    }
    await audit(tx, staff, {
      action: "prices.bulk",
      ...(plan.level ? { subject: { type: "level", id: plan.level.id } } : {}),
      summary: bulkChangeText(change, plan.rows.length, plan.level?.name),
    });
    return plan;
  });
}

/**
 * Takes back a change for one level: one still to come is cancelled; one in
 * force stops at once, and the level's prices return to what they were
 * without it. Quotes already given keep their prices either way.
 */
export async function removeLevelChange(db: Database, staff: StaffContext, id: number) {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(levelPriceChanges).where(eq(levelPriceChanges.id, id)).returning();
    if (!gone) return false;
    await audit(tx, staff, {
      action: "level.change-remove",
      subject: { type: "level", id: gone.levelId },
      summary: `${levelChangeText(gone)} from ${gone.effectiveOn}`,
    });
    return true;
  });
}
