import { desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { linePricePence } from "~/domain/pricing";
import { bulkPriceSchema } from "~/domain/staff/bulk-prices";
import { serviceSchema } from "~/domain/staff/price-list";
import { setClock } from "../clock.server";
import { listServices, loadCatalogue } from "../queries/catalogue.server";
import { listReviews } from "../queries/content.server";
import { getPublicQuote, saveQuote } from "../queries/quotes.server";
import { auditLog, reviews, scheduledPrices } from "../schema.server";
import { seedDatabase } from "../seed.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import type { StaffContext } from "./auth.server";
import {
  priceListForStaff,
  removeLevelChange,
  saveBulkPrices,
  saveService,
  setServiceRetired,
} from "./price-list.server";
import { hideReview, publishReview } from "./reviews.server";
import { signedInManager } from "./test-manager";

describe.each(testDatabases)("the price list and reviews as the console changes them, on %s", (_name, open) => {
  let database: TestDatabase;
  let staff: StaffContext;
  beforeAll(async () => {
    database = await open(seedDatabase);
    staff = await signedInManager(database.db, "price-list-test");
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });
  afterEach(() => setClock(new Date()));

  const dryAndStyle = async () => (await listServices(database.db)).find((s) => s.id === 2);
  const form = (price: string, from = "") => ({
    clientName: "Blow-dry & style",
    service: "Dry & Style",
    price,
    productPrice: "0",
    category: "1-0",
    groupName: "Cut/style",
    minLevel: "1",
    sortOrder: "2",
    from,
  });
  const save = async (price: string, from = "") => {
    const [row] = await priceListForStaff(database.db).then((l) => l.services.filter((s) => s.id === 2));
    const input = { ...form(price, from), version: String(row?.version) };
    return saveService(database.db, staff, 2, input, serviceSchema.parse(input));
  };

  it("applies a price scheduled for a day from that London day, not before", async () => {
    setClock(new Date("2026-11-23T12:00:00Z"));
    expect(await save("36", "2026-12-01")).toBeNull();
    expect((await dryAndStyle())?.pricePence).toBe(3300);
    setClock(new Date("2026-11-30T23:59:00Z"));
    expect((await dryAndStyle())?.pricePence).toBe(3300);
    setClock(new Date("2026-12-01T00:00:00Z"));
    expect((await dryAndStyle())?.pricePence).toBe(3600);
    const [entry] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      action: "service.schedule",
      summary: "Blow-dry & style (Dry & Style): £36 from 2026-12-01",
    });
  });

  it("replaces a due scheduled price with a price saved now, and leaves those still to come", async () => {
    setClock(new Date("2026-12-05T12:00:00Z"));
    expect(await save("38", "2027-01-01")).toBeNull();
    expect((await dryAndStyle())?.pricePence).toBe(3600);
    expect(await save("35")).toBeNull();
    expect((await dryAndStyle())?.pricePence).toBe(3500);
    // The log says what it was: the scheduled £36 in force that day, not the row's £33 from before it.
    const [entry] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      action: "service.edit",
      summary: "Blow-dry & style (Dry & Style): £36 → £35 from now",
    });
    expect(await save("35")).toBeNull();
    const [again] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(again?.summary).toBe("Blow-dry & style (Dry & Style): £35, unchanged");
    const left = await database.db.select().from(scheduledPrices).where(eq(scheduledPrices.serviceId, 2));
    expect(left.map((row) => row.effectiveOn)).toEqual(["2027-01-01"]);
    setClock(new Date("2027-01-01T09:00:00Z"));
    expect((await dryAndStyle())?.pricePence).toBe(3800);
  });

  it("leaves a quote given before a price change, a scheduled price and a retirement with the prices it was given", async () => {
    setClock(new Date("2027-02-01T12:00:00Z"));
    const saved = await saveQuote(database.db, {
      name: "Ada Lovelace",
      mobile: "07700 900123",
      email: "ada@example.com",
      referral: "Google",
      regular: "no",
      type: "cutting",
      mode: "level",
      level: "8",
      finish: "2",
      finishAddon: "49",
      treatment: "57",
    });
    if (!saved.ok) throw new Error(saved.error);
    const before = await getPublicQuote(database.db, saved.link);
    // £38 at the Senior Stylist level (+12.32%): £42.6816, rounded once to the whole pound.
    expect(before?.lines.map((line) => line.pricePence)).toEqual([4300, 0, 0]);
    expect(await save("45")).toBeNull();
    expect(await save("50", "2027-03-01")).toBeNull();
    setClock(new Date("2027-03-02T12:00:00Z"));
    expect((await dryAndStyle())?.pricePence).toBe(5000);
    let after = await getPublicQuote(database.db, saved.link);
    expect(after?.lines).toEqual(before?.lines);
    expect(after?.totalPence).toBe(4300);
    const version = (await priceListForStaff(database.db)).services.find((s) => s.id === 2)?.version;
    expect(await setServiceRetired(database.db, staff, 2, { version: String(version) }, true)).toBeNull();
    after = await getPublicQuote(database.db, saved.link);
    expect(after?.lines).toEqual(before?.lines);
  });

  it("raises a whole category from a day in one transaction, audited once, and the calculator follows that day", async () => {
    setClock(new Date("2027-04-01T12:00:00Z"));
    const auditRows = async () => (await database.db.select().from(auditLog)).length;
    const auditsBefore = await auditRows();
    const change = bulkPriceSchema.parse({ scope: "2-2", by: "percent", change: "3", from: "2027-04-05" });
    const rows = (await saveBulkPrices(database.db, staff, change))?.rows ?? [];
    // Foils: Full head, Half head, Top parting, Face frame, Creative foiling.
    expect(rows.map((row) => [row.id, row.beforePence, row.afterPence])).toEqual([
      [11, 6600, 6798],
      [12, 4950, 5099],
      [13, 3300, 3399],
      [14, 2200, 2266],
      [15, 6600, 6798],
    ]);
    expect(await auditRows()).toBe(auditsBefore + 1);
    const [entry] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: "prices.bulk", summary: "Colour: foils +3% from 2027-04-05 (5 services)" });
    const halfHead = async () => {
      const catalogue = await loadCatalogue(database.db);
      const service = catalogue.services.find((s) => s.id === 12);
      const level = catalogue.levels.find((l) => l.id === 8);
      if (!service || !level) throw new Error("missing");
      return linePricePence(service, level, catalogue.rounding);
    };
    // Senior Stylist: £49.50 × 1.1232 = £55.60 + £24 product = £79.60 → £80; from the day, £50.99 → £57.27 + £24 → £81.
    expect(await halfHead()).toBe(8000);
    setClock(new Date("2027-04-04T22:59:00Z"));
    expect(await halfHead()).toBe(8000);
    setClock(new Date("2027-04-04T23:00:00Z")); // midnight in London (summer time)
    expect(await halfHead()).toBe(8100);
  });

  it("changes prices now, by an amount, and drops a scheduled price already due", async () => {
    setClock(new Date("2027-05-01T12:00:00Z"));
    const change = bulkPriceSchema.parse({ scope: "5-1", by: "amount", change: "1", from: "" });
    const rows = (await saveBulkPrices(database.db, staff, change))?.rows ?? [];
    expect(rows.map((row) => row.afterPence)).toEqual([600, 1600, 2100]);
    const live = await listServices(database.db);
    expect(live.filter((s) => s.cat1 === 5 && s.cat2 === 1).map((s) => s.pricePence)).toEqual([600, 1600, 2100]);
  });

  it("raises colour at one level from a day: that level's calculator follows on the day, no other level, no saved quote", async () => {
    setClock(new Date("2027-06-01T12:00:00Z"));
    const colourQuote = {
      name: "Grace Hopper",
      mobile: "07700 900124",
      email: "grace@example.com",
      referral: "Google",
      regular: "no",
      type: "colour",
      mode: "level",
      level: "8",
      cc: "2",
      colour: "12",
      addon: "40",
      plex: "50",
      finish: "1",
      finishAddon: "49",
    };
    const saved = await saveQuote(database.db, colourQuote);
    if (!saved.ok) throw new Error(saved.error);
    const given = await getPublicQuote(database.db, saved.link);
    const priced = async (levelId: number) => {
      const catalogue = await loadCatalogue(database.db);
      const service = catalogue.services.find((s) => s.id === 12);
      const level = catalogue.levels.find((l) => l.id === levelId);
      if (!service || !level) throw new Error("missing");
      return linePricePence(service, level, catalogue.rounding);
    };
    const [senior, director] = [await priced(8), await priced(9)];

    const change = bulkPriceSchema.parse({
      scope: "kind-2",
      by: "percent",
      change: "3",
      from: "2027-06-07",
      level: "8",
    });
    const plan = await saveBulkPrices(database.db, staff, change);
    expect(plan?.level?.name).toBe("Senior Stylist");
    // Half head foils at Senior Stylist: £50.99 × 1.1232 = £57.27; +3% = £58.99.
    expect(plan?.rows.find((row) => row.id === 12)).toMatchObject({ beforePence: 5727, afterPence: 5899 });
    const [entry] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: "prices.bulk", subjectType: "level", subjectId: "8" });
    expect(entry?.summary).toMatch(/^Senior Stylist: All colour \+3% from 2027-06-07 \(\d+ services\)$/);

    setClock(new Date("2027-06-06T22:59:00Z"));
    expect(await priced(8)).toBe(senior);
    setClock(new Date("2027-06-06T23:00:00Z")); // midnight in London (summer time)
    // £58.99 + £24 product = £82.99 → £83, where it was £81.
    expect(await priced(8)).toBe(8300);
    expect(senior).toBe(8100);
    expect(await priced(9)).toBe(director);
    // The list price is unchanged: the change belongs to the level.
    expect((await listServices(database.db)).find((s) => s.id === 12)?.pricePence).toBe(5099);
    expect((await getPublicQuote(database.db, saved.link))?.lines).toEqual(given?.lines);

    // A new quote that day is priced with it, its lines adding up to its total.
    const later = await saveQuote(database.db, { ...colourQuote, email: "grace2@example.com" });
    if (!later.ok) throw new Error(later.error);
    const laterQuote = await getPublicQuote(database.db, later.link);
    expect(laterQuote?.lines.find((line) => line.serviceId === 12)?.pricePence).toBe(8300);
    expect(laterQuote?.lines.reduce((sum, line) => sum + line.pricePence, 0)).toBe(laterQuote?.totalPence);

    // Stopping it puts the level's prices back, and is audited; the quotes keep theirs.
    const [row] = (await priceListForStaff(database.db)).levelChanges;
    expect(await removeLevelChange(database.db, staff, row?.id ?? 0)).toBe(true);
    expect(await removeLevelChange(database.db, staff, row?.id ?? 0)).toBe(false);
    expect(await priced(8)).toBe(senior);
    expect((await getPublicQuote(database.db, later.link))?.lines.find((l) => l.serviceId === 12)?.pricePence).toBe(
      8300,
    );
    const [removed] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(removed).toMatchObject({
      action: "level.change-remove",
      subjectId: "8",
      summary: "All colour +3% from 2027-06-07",
    });
  });

  it("refuses a change for a level that does not exist", async () => {
    const change = bulkPriceSchema.parse({ scope: "all", by: "percent", change: "3", from: "", level: "99" });
    expect(await saveBulkPrices(database.db, staff, change)).toBeNull();
  });

  it("takes a retired service off the price list but keeps it for the console", async () => {
    const version = (await priceListForStaff(database.db)).services.find((s) => s.id === 3)?.version;
    expect(await setServiceRetired(database.db, staff, 3, { version: String(version) }, true)).toBeNull();
    expect((await listServices(database.db)).some((s) => s.id === 3)).toBe(false);
    expect((await priceListForStaff(database.db)).services.find((s) => s.id === 3)?.retiredAt).not.toBeNull();
  });

  it("hides a review from the site with its reason, audited, and shows it again", async () => {
    const [review] = await database.db.select().from(reviews).orderBy(reviews.id).limit(1);
    if (!review) throw new Error("no seeded review");
    const before = (await listReviews(database.db)).length;
    const reason = "Not a client of ours";
    expect(await hideReview(database.db, staff, review.id, { version: String(review.version) }, reason)).toBeNull();
    expect((await listReviews(database.db)).map((r) => r.id)).not.toContain(review.id);
    expect((await listReviews(database.db)).length).toBe(before - 1);
    const [entry] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: "review.hide", subjectId: String(review.id), summary: `Hidden: ${reason}` });
    expect(await publishReview(database.db, staff, review.id, { version: String(review.version + 1) })).toBeNull();
    expect((await listReviews(database.db)).length).toBe(before);
  });
});
