import { describe, expect, it } from "vitest";
import { type CalculatorState, parseCalculatorState } from "~/domain/calculator-state";
import { NEW_STARTER_MENS_CUT_MESSAGE } from "~/domain/pricing";
import { DEFAULT_SALON_ID } from "~/domain/salon-info";
import type { CalculatorStylist } from "~/domain/stylist-choice";
import { catalogue } from "~/domain/testing/catalogue";
import { stateHref, TOTAL_BY_LEVEL_PATH } from "../quote/links";
import {
  type CalculatorData,
  CURRENT_STEP_ID,
  calculatorData,
  calculatorHref,
  calculatorView,
  stepLinks,
} from "./calculator-view";

const stylist = (slug: string, levelId: number, salonId: number, acceptingNewClients = true): CalculatorStylist => ({
  slug,
  firstName: slug[0]!.toUpperCase() + slug.slice(1),
  lastName: "Test",
  salonId,
  levelId,
  image: `/images/team/${slug}.svg`,
  photo: null,
  acceptingNewClients,
});

const stylists = [
  stylist("nadia", 6, 2),
  stylist("isla", 7, 1),
  stylist("harriet", 9, 1, false),
  stylist("rosa", 1, 3),
  // Someone taking new clients at every other level but the top one, as in the salon's team.
  stylist("jonah", 2, 3),
  stylist("freya", 3, 2),
  stylist("priya", 4, 1),
  stylist("theo", 5, 1),
  stylist("camille", 8, 2),
];
const data: CalculatorData = {
  catalogue,
  stylists,
  salons: [
    { id: 1, name: "Maison Ivy Wrenbridge", shortName: "Wrenbridge" },
    { id: 2, name: "Maison Ivy Kestwick", shortName: "Kestwick" },
    { id: 3, name: "The Ivy Academy", shortName: "Academy" },
  ],
};

/** Search params of an href, for comparing links regardless of order. */
const paramsOf = (href: string) => Object.fromEntries(new URL(href, "http://x").searchParams);
const state = (query: string) => parseCalculatorState(new URLSearchParams(query));

describe("hrefs", () => {
  it("writes the state in the canonical order and jumps to the open step", () => {
    expect(calculatorHref({ type: "cutting", mode: "level", level: 3, salon: 1, finish: 1 })).toBe(
      `/prices/calculator?type=cutting&mode=level&level=3&salon=1&finish=1#${CURRENT_STEP_ID}`,
    );
    expect(calculatorHref({ type: "mens", salon: 2 }, "cut")).toBe(
      "/prices/calculator?type=mens&edit=cut#current-step",
    );
  });

  it("leaves out an empty query", () => {
    expect(stateHref(TOTAL_BY_LEVEL_PATH, { salon: DEFAULT_SALON_ID })).toBe("/prices/total-by-level");
  });

  it("option links set their slot and keep every other choice", () => {
    const base = state("type=colour&mode=level&level=4&cc=2&colour=11&plex=50");
    expect(paramsOf(stepLinks.choose(base, "addon", 35))).toEqual({
      type: "colour",
      mode: "level",
      level: "4",
      cc: "2",
      colour: "11",
      addon: "35",
      plex: "50",
    });
  });

  it("a new colour category drops the old colour and add-on; back to the categories drops the category too", () => {
    const base = state("type=colour&mode=level&level=4&cc=2&colour=11&addon=35&plex=50");
    expect(paramsOf(stepLinks.colourCategory(base, 3))).toEqual({
      type: "colour",
      mode: "level",
      level: "4",
      cc: "3",
      plex: "50",
      edit: "colour",
    });
    expect(paramsOf(stepLinks.backToCategories(base))).toEqual({
      type: "colour",
      mode: "level",
      level: "4",
      plex: "50",
    });
  });

  it("choosing a stylist sets the stylist, their level and their salon", () => {
    const base = state("type=mens&mode=stylist&level=2&cut=58");
    expect(paramsOf(stepLinks.stylist(base, stylists[1]!))).toEqual({
      type: "mens",
      mode: "stylist",
      level: "7",
      stylist: "isla",
      salon: "1",
      cut: "58",
    });
  });

  it("choosing a salon keeps the level step open", () => {
    expect(paramsOf(stepLinks.salon(state("type=mens&mode=level&level=3"), 3))).toEqual({
      type: "mens",
      mode: "level",
      level: "3",
      salon: "3",
      edit: "level",
    });
  });
});

describe("calculatorView", () => {
  const foils: CalculatorState = state(
    "type=colour&mode=level&level=6&cc=2&colour=12&addon=35&plex=51&finish=1&finishAddon=49",
  );

  it("opens the level step first and lists the rest as upcoming", () => {
    const view = calculatorView(state("type=cutting&mode=level"), data);
    expect(view.steps.map((s) => [s.step.key, s.status])).toEqual([
      ["level", "open"],
      ["finish", "upcoming"],
      ["finishAddon", "upcoming"],
      ["treatment", "upcoming"],
    ]);
    expect(view.quote).toBeNull();
    expect(view.next).toBeNull();
  });

  it("summarises finished steps with their price at the level and a Change link", () => {
    const view = calculatorView(state("type=cutting&mode=level&level=9&salon=1&finish=1"), data);
    const [level, finish, addOn] = view.steps;
    expect(level).toMatchObject({
      status: "done",
      summary: "Advanced Senior · Maison Ivy Wrenbridge",
      pricePence: null,
    });
    // £49.50 × 1.253 = £62.02, to the whole pound.
    expect(finish).toMatchObject({ status: "done", summary: "Cut, Dry & Style", pricePence: 6200 });
    expect(paramsOf(finish!.changeHref!)).toMatchObject({ edit: "finish", finish: "1" });
    expect(addOn).toMatchObject({ status: "open", changeHref: null });
    expect(view.openStep?.step.key).toBe("finishAddon");
  });

  it("shows the totals once the first priced choice is made, itemised in flow order", () => {
    const view = calculatorView(foils, data);
    // Each line to the whole pound: £73.50 → £74, £11.25 → £11, £15, £49.50 → £50; the total adds the lines.
    expect(view.quote).toEqual({
      totalPence: 7400 + 1100 + 1500 + 5000 + 0,
      lines: [
        expect.objectContaining({ slot: "colour", label: "Foils: Half Head", pricePence: 7400 }),
        expect.objectContaining({ slot: "addon", label: "Colour add-on: Toner", pricePence: 1100 }),
        expect.objectContaining({ slot: "plex", label: "Plex treatment: K18", pricePence: 1500 }),
        expect.objectContaining({ slot: "finish", label: "Finish: Cut, Dry & Style", pricePence: 5000 }),
        expect.objectContaining({ slot: "finishAddon", label: "No finish add-on", pricePence: 0 }),
      ],
    });
  });

  it("once all is chosen in level mode: no open step, Show Stylists, the budget search and level up/down with their totals", () => {
    const view = calculatorView(foils, data);
    expect(view.allSelected).toBe(true);
    expect(view.openStep).toBeUndefined();
    expect(view.next?.label).toBe("Show Stylists");
    expect(view.next?.href).toBe(
      "/prices/total-by-level?type=colour&mode=level&level=6&cc=2&colour=12&addon=35&plex=51&finish=1&finishAddon=49",
    );
    expect(view.next?.budgetHref).toBe(
      "/prices/total-by-price?type=colour&mode=level&level=6&cc=2&colour=12&addon=35&plex=51&finish=1&finishAddon=49",
    );
    expect(view.levelUp).toMatchObject({ level: { id: 7 }, unavailable: [] });
    expect(view.levelDown).toMatchObject({ level: { id: 5 }, unavailable: [] });
    // Level 7 (+6.26%): 4950→5260 + 2400 = £76.60 → £77, 725→770 + 400 = £11.70 → £12, £15, £52.60 → £53, 0.
    expect(view.levelUp?.totalPence).toBe(7700 + 1200 + 1500 + 5300);
    expect(paramsOf(view.levelUp!.href)).toMatchObject({ level: "7", colour: "12", addon: "35" });
  });

  it("warns before a level down that would lose a choice, and names it after the change", () => {
    const balayage = state("type=colour&mode=level&level=2&cc=3&colour=16&plex=50&finish=2&finishAddon=49");
    const before = calculatorView(balayage, data);
    expect(before.levelDown).toMatchObject({ level: { id: 1 }, totalPence: null });
    expect(before.levelDown?.unavailable.map((s) => s.id)).toEqual([16]);

    const after = calculatorView({ ...balayage, level: 1 }, data);
    expect(after.allSelected).toBe(false);
    expect(after.unavailableChoices.map((c) => c.label)).toEqual(["Balayage: Uncoloured hair - above collar bone"]);
    expect(after.openStep?.step.key).toBe("colour");
    expect(after.levelUp).toBeNull();
  });

  it("has no level up at the top nor level down at the bottom", () => {
    const top = calculatorView(state("type=mens&mode=level&level=9&cut=58&mensColour=65"), data);
    expect(top.levelUp).toBeNull();
    expect(top.levelDown?.level.id).toBe(8);
    const bottom = calculatorView(state("type=cutting&mode=level&level=1&finish=1&finishAddon=49&treatment=57"), data);
    expect(bottom.levelDown).toBeNull();
    expect(bottom.levelUp?.level.id).toBe(2);
  });

  it("skips a level where nobody takes new clients when offering up or down, and says so if the link chose it", () => {
    const senior = calculatorView(state("type=mens&mode=level&level=8&cut=58&mensColour=65"), data);
    expect(senior.levelUp).toBeNull(); // only Harriet is Advanced Senior, and her column is full
    expect(senior.closedLevelNotice).toBeNull();
    const closed = calculatorView(state("type=mens&mode=level&level=9"), data);
    expect(closed.closedLevelNotice).toBe(
      "Nobody at Advanced Senior level is taking new clients at the moment. Please choose another level.",
    );
    const sparse = calculatorView(state("type=mens&mode=level&level=6&cut=58&mensColour=65"), {
      ...data,
      stylists: stylists.filter((s) => s.levelId !== 5 && s.levelId !== 7),
    });
    expect(sparse.levelUp?.level.id).toBe(8);
    expect(sparse.levelDown?.level.id).toBe(4);
  });

  it("gives every level of the first step its from price for the service type and whether anyone there takes new clients", () => {
    const view = calculatorView(state("type=cutting&mode=level"), data);
    expect(view.levelChoices.map((choice) => choice.level.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(view.levelChoices.map((choice) => choice.takingNewClients)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    // The cheapest cutting quote is a dry & style (£33 at Stylist level) with no add-on or treatment.
    expect(view.levelChoices.find((choice) => choice.level.id === 6)?.fromPricePence).toBe(3300);
    const mens = calculatorView(state("type=mens&mode=level"), data);
    expect(mens.levelChoices[0]?.fromPricePence).toBeNull(); // New Starters cut no men's hair
    expect(mens.levelChoices[5]?.fromPricePence).toBe(2200); // an express cut
  });

  it("men's cut at New Starter: the step stays open with the notice", () => {
    const view = calculatorView(state("type=mens&mode=level&level=1"), data);
    expect(view.openStep?.step).toMatchObject({ key: "cut", notice: NEW_STARTER_MENS_CUT_MESSAGE });
  });

  it("stylist mode: Next instead of Show Stylists, no level change, stylist in the summary", () => {
    const nadia = stylists[0]!;
    const view = calculatorView(state("type=mens&mode=stylist&stylist=nadia&level=6&cut=58&mensColour=65"), data, {
      stylist: nadia,
    });
    expect(view.next).toEqual({
      href: "/prices/total-by-stylist?type=mens&mode=stylist&level=6&stylist=nadia&cut=58&mensColour=65",
      label: "Next",
      budgetHref: null,
    });
    expect(view.levelUp).toBeNull();
    expect(view.levelDown).toBeNull();
    expect(view.steps[0]?.summary).toBe("Nadia Test · Stylist, Kestwick");
  });

  it("a Change link reopens a finished step and keeps Show Stylists", () => {
    const view = calculatorView(foils, data, { edit: "plex" });
    expect(view.openStep?.step.key).toBe("plex");
    expect(view.steps.filter((s) => s.status === "open")).toHaveLength(1);
    expect(view.next?.label).toBe("Show Stylists");
  });

  it("ignores an edit of a step the flow does not have", () => {
    expect(calculatorView(state("type=mens&mode=level&level=3"), data, { edit: "plex" }).openStep?.step.key).toBe(
      "cut",
    );
  });

  it("a step left unchosen before the open one can be reached", () => {
    const view = calculatorView(state("type=cutting&mode=level&level=3&finish=1&finishAddon=49&treatment=57"), data, {
      edit: "treatment",
    });
    expect(view.steps.map((s) => s.status)).toEqual(["done", "done", "done", "open"]);
    const gap = calculatorView(state("type=cutting&mode=level&level=3&finishAddon=49&treatment=57"), data, {
      edit: "treatment",
    });
    expect(gap.steps.map((s) => s.status)).toEqual(["done", "todo", "done", "open"]);
    expect(gap.steps[1]?.changeHref).toContain("edit=finish");
  });
});

describe("calculatorData", () => {
  it("gives the island the fields the view reads and nothing else, with the same view for every state", () => {
    const rows: CalculatorData = {
      ...data,
      catalogue: {
        services: catalogue.services.map((service) => ({ ...service, retiredAt: null, version: 3 })),
        levels: catalogue.levels.map((level) => ({ ...level, createdAt: "2026-01-01" })),
        rounding: catalogue.rounding,
      },
    };
    const trimmed = calculatorData(rows);
    expect(JSON.parse(JSON.stringify(trimmed))).toEqual(data);
    for (const search of ["type=colour&mode=level&level=4&cc=2", "type=cutting&mode=stylist&stylist=nadia&level=6"]) {
      const state = parseCalculatorState(new URLSearchParams(search));
      const stylistOf = stylists.find((s) => s.slug === state.stylist);
      expect(calculatorView(state, trimmed, { stylist: stylistOf })).toEqual(
        calculatorView(state, data, { stylist: stylistOf }),
      );
    }
  });

  it("makes the island's lists once per list of rows, and new ones when the price list changes", () => {
    const rowsOf = (services: CalculatorData["catalogue"]["services"]): CalculatorData => ({
      ...data,
      catalogue: { services, levels: catalogue.levels, rounding: catalogue.rounding },
    });
    const today = rowsOf(catalogue.services.map((service) => ({ ...service })));
    const first = calculatorData(today);
    const again = calculatorData({ ...today, catalogue: { ...today.catalogue } });
    expect(again.catalogue.services).toBe(first.catalogue.services);
    expect(again.catalogue.levels).toBe(first.catalogue.levels);

    // A new price list comes as new rows: a pound more on every service.
    const dearer = rowsOf(catalogue.services.map((service) => ({ ...service, pricePence: service.pricePence + 100 })));
    const next = calculatorData(dearer);
    expect(next.catalogue.services).not.toBe(first.catalogue.services);
    const state = parseCalculatorState(new URLSearchParams("type=colour&mode=level&level=4&cc=2"));
    const fromPrices = (rows: CalculatorData) =>
      calculatorView(state, rows).levelChoices.map((choice) => choice.fromPricePence);
    expect(fromPrices(first)).toEqual(fromPrices(today));
    expect(fromPrices(next)).toEqual(fromPrices(dearer));
    expect(fromPrices(next)).not.toEqual(fromPrices(first));
  });
});
