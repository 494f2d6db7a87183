/**
 * The owner's rounding as the server applies it (decision 080): a quote saved
 * under each rule stores lines rounded once and a total that is their sum; the
 * first-visit offer takes 20% off that total; a quote already saved keeps its
 * amounts when the rule changes.
 */
import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountedPence } from "~/domain/first-visit-offer";
import { PRICE_ROUNDINGS, type PriceRounding } from "~/domain/price-rounding";
import { priceRounding, setPriceRounding } from "./price-rounding.server";
import { loadCatalogue } from "./queries/catalogue.server";
import { getPublicQuote, saveQuote } from "./queries/quotes.server";
import { auditLog } from "./schema.server";
import { seedDatabase } from "./seed.server";
import type { StaffContext } from "./staff/auth.server";
import { signedInManager } from "./staff/test-manager";
import { type TestDatabase, testDatabases } from "./test-databases";

// A Senior Stylist (+12.32%): root colour £33 + £18.80 product, K18 £15, cut & blow-dry £49.50, no add-on.
// Worked by hand: £37.0656 → £37.07 + £18.80 = £55.87; £15; £55.5984 → £55.60; £0.
const EXACT = [5587, 1500, 5560, 0];
const BY_RULE: Record<PriceRounding, number[]> = {
  exact: EXACT,
  "50p": [5600, 1500, 5550, 0],
  pound: [5600, 1500, 5600, 0],
};

const selection = {
  name: "Ada Lovelace",
  mobile: "07700 900123",
  email: "ada@example.com",
  referral: "Google",
  regular: "no",
  type: "colour",
  mode: "level",
  level: "8",
  salon: "2",
  cc: "0",
  colour: "6",
  plex: "51",
  finish: "1",
  finishAddon: "49",
};

describe.each(testDatabases)("the rounding of priced lines, on %s", (_name, open) => {
  let database: TestDatabase;
  let staff: StaffContext;
  beforeAll(async () => {
    database = await open(seedDatabase);
    staff = await signedInManager(database.db, "rounding-test");
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });

  it("is the whole pound until the owner chooses otherwise", async () => {
    expect(await priceRounding(database.db)).toBe("pound");
    expect((await loadCatalogue(database.db)).rounding).toBe("pound");
  });

  it.each(PRICE_ROUNDINGS)(
    "saves a quote rounded %s: each line once, the total their sum, the first-visit fifth off that total",
    async (rule) => {
      await setPriceRounding(database.db, staff, rule);
      const saved = await saveQuote(database.db, selection);
      if (!saved.ok) throw new Error(JSON.stringify(saved));
      const quote = await getPublicQuote(database.db, saved.link);
      expect(quote?.lines.map((line) => line.pricePence)).toEqual(BY_RULE[rule]);
      const sum = BY_RULE[rule].reduce((a, b) => a + b, 0);
      expect(quote?.totalPence).toBe(sum);
      expect(quote?.offer?.totalPence).toBe(Math.round(sum * 0.8));
      expect(discountedPence(sum)).toBe(Math.round(sum * 0.8));
    },
  );

  it("keeps a saved quote's amounts when the rule changes, and audits the change in words", async () => {
    await setPriceRounding(database.db, staff, "exact");
    const saved = await saveQuote(database.db, selection);
    if (!saved.ok) throw new Error(JSON.stringify(saved));
    await setPriceRounding(database.db, staff, "pound");
    const quote = await getPublicQuote(database.db, saved.link);
    expect(quote?.lines.map((line) => line.pricePence)).toEqual(EXACT);
    expect(quote?.totalPence).toBe(EXACT.reduce((a, b) => a + b, 0));
    const [entry] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: "settings.rounding", summary: "to the whole pound" });
  });
});
