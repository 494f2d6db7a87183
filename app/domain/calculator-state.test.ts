import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allSelected,
  backToCategories,
  CALCULATOR_TYPES,
  type CalculatorState,
  type CalculatorType,
  type ColourStep,
  currentStep,
  parseCalculatorState,
  SELECTOR_MODES,
  type ServiceSlot,
  type ServiceStep,
  type Step,
  selectedServices,
  stepsFor,
  toSearchParams,
  totalsVisible,
  validateSelection,
  withChange,
} from "./calculator-state";
import { NEW_STARTER_MENS_CUT_MESSAGE } from "./pricing";
import { DEFAULT_SALON_ID } from "./salon-info";
import { catalogue, levelById, serviceById } from "./testing/catalogue";

// ---------------------------------------------------------------------------
// The price list's ids by slot, listed by hand from services.csv (independent of
// the code's cat1/cat2 mapping).

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const COLOUR_IDS_BY_CC: Record<number, number[]> = {
  0: [6, 7, 34], // classic (incl. the "None" row)
  1: range(8, 10), // full head
  2: range(11, 15), // foils
  3: range(16, 21), // balayage
  4: range(22, 26), // bleach
  5: range(27, 30), // vivids
  6: range(31, 33), // correction
};
/** Add-on ids offered per colour category; categories absent here skip the add-on step. */
const ADD_ON_IDS_BY_CC: Record<number, number[]> = {
  1: range(43, 45), // "Colour Add-ons - FH Col"
  2: range(35, 40), // "Colour Add-ons - Foils"
  4: [41, 42], // "Colour Add-ons - Bleach"
};
const PLEX_IDS = range(50, 52);
const FINISH_IDS = range(1, 5);
const FINISH_ADD_ON_IDS = range(46, 49);
const TREATMENT_IDS = range(53, 57);
const MENS_CUT_IDS = range(58, 60);
const MENS_COLOUR_IDS = range(61, 65);
const NOT_FOR_NEW_STARTERS = new Set([10, 14, ...range(16, 33), ...MENS_CUT_IDS]);
const ALL_IDS = range(1, 65);
const ALL_LEVEL_IDS = range(1, 9);

const foilsColour: CalculatorState = {
  type: "colour",
  mode: "level",
  level: 6,
  salon: 2,
  cc: 2,
  colour: 11,
  addon: 35,
  plex: 50,
  finish: 1,
  finishAddon: 46,
};
const balayageColour: CalculatorState = {
  type: "colour",
  level: 2,
  salon: 2,
  cc: 3,
  colour: 16,
  plex: 51,
  finish: 2,
  finishAddon: 49,
};
const cutting: CalculatorState = { type: "cutting", level: 1, salon: 2, finish: 1, finishAddon: 49, treatment: 57 };
const mens: CalculatorState = { type: "mens", level: 2, salon: 2, cut: 58, mensColour: 65 };

/** A complete colour state for one colour service, with a valid add-on when its category has one. */
function completeColour(colourId: number, level: number): CalculatorState {
  const cc = serviceById(colourId).cat2;
  const addon = ADD_ON_IDS_BY_CC[cc]?.[0];
  return {
    type: "colour",
    level,
    salon: 2,
    cc,
    colour: colourId,
    ...(addon ? { addon } : {}),
    plex: 52,
    finish: 3,
    finishAddon: 48,
  };
}

const keysOf = (steps: Step[]) => steps.map((step) => step.key);
const optionIds = (step: Step | undefined) =>
  step && step.kind !== "level" ? step.options.map((option) => option.service.id) : undefined;
const stepByKey = (state: CalculatorState, key: string) => stepsFor(state, catalogue).find((step) => step.key === key);

// ---------------------------------------------------------------------------

describe("parseCalculatorState", () => {
  it("reads every parameter", () => {
    const params = new URLSearchParams(
      "type=colour&mode=stylist&level=7&stylist=jane-doe&salon=3&cc=2&colour=11&addon=35&plex=50&finish=1&finishAddon=46&treatment=57&cut=58&mensColour=65&regular=yes&budget=120",
    );
    expect(parseCalculatorState(params)).toStrictEqual({
      type: "colour",
      mode: "stylist",
      level: 7,
      stylist: "jane-doe",
      salon: 3,
      cc: 2,
      colour: 11,
      addon: 35,
      plex: 50,
      finish: 1,
      finishAddon: 46,
      treatment: 57,
      cut: 58,
      mensColour: 65,
      regular: true,
      budget: 120,
    });
  });

  it("defaults the salon to 2 and leaves everything else unset", () => {
    expect(parseCalculatorState(new URLSearchParams())).toStrictEqual({ salon: DEFAULT_SALON_ID });
    expect(DEFAULT_SALON_ID).toBe(2);
  });

  it.each([
    ["type", "cutting", "cutting"],
    ["type", "mens", "mens"],
    ["mode", "level", "level"],
    ["level", "1", 1],
    ["level", "9", 9],
    ["level", "123456789", 123456789],
    ["stylist", "a", "a"],
    ["stylist", "mary-jane-2", "mary-jane-2"],
    ["cc", "0", 0],
    ["cc", "6", 6],
    ["regular", "no", false],
    ["budget", "0", 0],
    ["budget", "999999", 999999],
  ] as const)("accepts %s=%s", (name, raw, expected) => {
    expect(parseCalculatorState(new URLSearchParams({ [name]: raw }))[name]).toBe(expected);
  });

  it.each([
    ["type", "Colour"],
    ["type", "styling"],
    ["type", ""],
    ["mode", "Level"],
    ["level", "0"],
    ["level", "-1"],
    ["level", "01"],
    ["level", "1.5"],
    ["level", "1e3"],
    ["level", " 1"],
    ["level", "1234567890"],
    ["level", "abc"],
    ["stylist", ""],
    ["stylist", "Jane"],
    ["stylist", "jane doe"],
    ["stylist", "-jane"],
    ["stylist", "jane--doe"],
    ["stylist", "jane-"],
    ["stylist", "../etc"],
    ["stylist", "a".repeat(101)],
    ["cc", "7"],
    ["cc", "-1"],
    ["cc", "01"],
    ["cc", "x"],
    ["colour", "0"],
    ["colour", ""],
    ["addon", "3.0"],
    ["plex", "NaN"],
    ["finish", "Infinity"],
    ["finishAddon", "0x10"],
    ["treatment", "-57"],
    ["cut", "58 "],
    ["mensColour", "6 5"],
    ["regular", "true"],
    ["regular", "YES"],
    ["regular", ""],
    ["budget", "-5"],
    ["budget", "1.5"],
    ["budget", "01"],
    ["budget", "1234567"],
    ["budget", "£50"],
  ])("drops %s=%j and keeps the other parameters", (name, raw) => {
    const other: Record<string, string> = name === "level" ? { cut: "58" } : { level: "4" };
    const state = parseCalculatorState(new URLSearchParams({ ...other, [name]: raw }));
    expect(state).not.toHaveProperty(name);
    expect(state).toStrictEqual(parseCalculatorState(new URLSearchParams(other)));
  });

  it.each(["0", "-2", "two", ""])("falls back to salon 2 for salon=%j", (raw) => {
    expect(parseCalculatorState(new URLSearchParams({ salon: raw })).salon).toBe(2);
  });

  it("ignores unknown parameters and takes the first of repeated ones", () => {
    const params = new URLSearchParams("utm_source=x&level=3&level=5&__proto__=1&constructor=2");
    expect(parseCalculatorState(params)).toStrictEqual({ salon: 2, level: 3 });
  });

  it("never throws, and its output survives a round trip unchanged", () => {
    const names = ["type", "mode", "level", "stylist", "salon", "cc", "colour", "addon", "regular", "budget", "x"];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...names), fc.oneof(fc.string(), fc.nat().map(String)))),
        (pairs) => {
          const state = parseCalculatorState(new URLSearchParams(pairs));
          expect(parseCalculatorState(toSearchParams(state))).toStrictEqual(state);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("toSearchParams", () => {
  it("writes parameters in a fixed order, leaving out unset values and the default salon", () => {
    const state: CalculatorState = {
      budget: 120,
      regular: true,
      finishAddon: 46,
      cc: 2,
      type: "colour",
      salon: 2,
      level: 3,
    };
    expect(toSearchParams(state).toString()).toBe("type=colour&level=3&cc=2&finishAddon=46&regular=yes&budget=120");
  });

  it("writes a non-default salon, regular=no, and skips an empty stylist", () => {
    expect(toSearchParams({ salon: 1, regular: false, stylist: "" }).toString()).toBe("salon=1&regular=no");
  });

  it.each([
    { name: "foils colour", state: foilsColour },
    { name: "balayage colour", state: balayageColour },
    { name: "cutting", state: cutting },
    { name: "mens", state: mens },
    { name: "empty", state: { salon: 2 } },
    {
      name: "stylist mode",
      state: { type: "mens", mode: "stylist", stylist: "jo-b", level: 4, salon: 1, regular: false, budget: 0 },
    },
  ] satisfies { name: string; state: CalculatorState }[])("round-trips $name", ({ state }) => {
    expect(parseCalculatorState(toSearchParams(state))).toStrictEqual(state);
  });

  it("round-trips any valid state", () => {
    const id = fc.integer({ min: 1, max: 999_999_999 });
    const stateArb = fc.record(
      {
        type: fc.constantFrom(...CALCULATOR_TYPES),
        mode: fc.constantFrom(...SELECTOR_MODES),
        level: id,
        stylist: fc.stringMatching(/^[a-z0-9]{1,10}(-[a-z0-9]{1,10}){0,3}$/),
        salon: id,
        cc: fc.integer({ min: 0, max: 6 }),
        colour: id,
        addon: id,
        plex: id,
        finish: id,
        finishAddon: id,
        treatment: id,
        cut: id,
        mensColour: id,
        regular: fc.boolean(),
        budget: fc.integer({ min: 0, max: 999_999 }),
      },
      { requiredKeys: ["salon"] },
    );
    fc.assert(
      fc.property(stateArb, (state) => {
        // fast-check builds null-prototype objects; spread to compare plain objects.
        expect(parseCalculatorState(toSearchParams(state))).toStrictEqual({ ...state });
      }),
      { numRuns: 500 },
    );
  });
});

describe("withChange", () => {
  const everything: CalculatorState = {
    ...foilsColour,
    mode: "stylist",
    stylist: "jo-b",
    salon: 3,
    treatment: 57,
    cut: 58,
    mensColour: 65,
    regular: true,
    budget: 100,
  };

  it("a new calculator type resets every selection and the category, and keeps the rest", () => {
    expect(withChange(everything, { type: "cutting" })).toStrictEqual({
      type: "cutting",
      mode: "stylist",
      stylist: "jo-b",
      level: 6,
      salon: 3,
      regular: true,
      budget: 100,
    });
  });

  it("choosing the same type keeps the selections", () => {
    expect(withChange(everything, { type: "colour" })).toStrictEqual(everything);
  });

  it("keeps a selection set together with the new type", () => {
    expect(withChange(foilsColour, { type: "mens", cut: 59 })).toStrictEqual({
      type: "mens",
      mode: "level",
      level: 6,
      salon: 2,
      cut: 59,
    });
  });

  it("a new colour category clears colour and add-on only", () => {
    const { colour: _colour, addon: _addon, ...rest } = foilsColour;
    expect(withChange(foilsColour, { cc: 3 })).toStrictEqual({ ...rest, cc: 3 });
  });

  it("the same colour category keeps colour and add-on", () => {
    expect(withChange(foilsColour, { cc: 2 })).toStrictEqual(foilsColour);
  });

  it("a category and its colour can be set together", () => {
    expect(withChange(foilsColour, { cc: 1, colour: 8 })).toMatchObject({ cc: 1, colour: 8, plex: 50 });
    expect(withChange(foilsColour, { cc: 1, colour: 8 })).not.toHaveProperty("addon");
  });

  it("clears a field set to undefined", () => {
    const next = withChange(foilsColour, { plex: undefined, level: 7 });
    expect(next).not.toHaveProperty("plex");
    expect(next.level).toBe(7);
    expect(next.colour).toBe(11);
  });

  it("clearing the type also clears the selections", () => {
    expect(withChange(foilsColour, { type: undefined })).toStrictEqual({ mode: "level", level: 6, salon: 2 });
  });

  it("does not modify its input", () => {
    const frozen = Object.freeze({ ...foilsColour });
    withChange(frozen, { type: "mens" });
    withChange(frozen, { cc: 4 });
    expect(frozen).toStrictEqual(foilsColour);
  });
});

describe("backToCategories", () => {
  it("clears category, colour and add-on and keeps the rest", () => {
    expect(backToCategories({ ...foilsColour, regular: false })).toStrictEqual({
      type: "colour",
      mode: "level",
      level: 6,
      salon: 2,
      plex: 50,
      finish: 1,
      finishAddon: 46,
      regular: false,
    });
  });

  it("clears a colour even without a category", () => {
    expect(backToCategories({ type: "colour", salon: 2, colour: 11 })).toStrictEqual({ type: "colour", salon: 2 });
  });
});

describe("stepsFor", () => {
  it("is empty without a calculator type", () => {
    expect(stepsFor({ salon: 2, level: 3, colour: 11 }, catalogue)).toEqual([]);
    expect(currentStep(stepsFor({ salon: 2 }, catalogue))).toBeUndefined();
  });

  it.each([
    { cc: undefined, keys: ["level", "colour", "plex", "finish", "finishAddon"] },
    { cc: 0, keys: ["level", "colour", "plex", "finish", "finishAddon"] },
    { cc: 1, keys: ["level", "colour", "addon", "plex", "finish", "finishAddon"] },
    { cc: 2, keys: ["level", "colour", "addon", "plex", "finish", "finishAddon"] },
    { cc: 3, keys: ["level", "colour", "plex", "finish", "finishAddon"] },
    { cc: 4, keys: ["level", "colour", "addon", "plex", "finish", "finishAddon"] },
    { cc: 5, keys: ["level", "colour", "plex", "finish", "finishAddon"] },
    { cc: 6, keys: ["level", "colour", "plex", "finish", "finishAddon"] },
  ])("colour flow with category $cc: $keys", ({ cc, keys }) => {
    const state: CalculatorState = { type: "colour", salon: 2, ...(cc === undefined ? {} : { cc }) };
    expect(keysOf(stepsFor(state, catalogue))).toEqual(keys);
  });

  it("cutting flow: level, finish, finish add-on, intensive treatment", () => {
    expect(keysOf(stepsFor({ type: "cutting", salon: 2 }, catalogue))).toEqual([
      "level",
      "finish",
      "finishAddon",
      "treatment",
    ]);
  });

  it("men's flow: level, cut, colour", () => {
    expect(keysOf(stepsFor({ type: "mens", salon: 2 }, catalogue))).toEqual(["level", "cut", "mensColour"]);
  });

  it.each([
    ...Object.entries(COLOUR_IDS_BY_CC).map(([cc, ids]) => ({ key: "colour", cc: Number(cc), ids })),
    ...Object.entries(ADD_ON_IDS_BY_CC).map(([cc, ids]) => ({ key: "addon", cc: Number(cc), ids })),
    { key: "plex", cc: 0, ids: PLEX_IDS },
    { key: "finish", cc: 0, ids: FINISH_IDS },
    { key: "finishAddon", cc: 0, ids: FINISH_ADD_ON_IDS },
  ])("colour flow, category $cc: $key offers $ids", ({ key, cc, ids }) => {
    expect(optionIds(stepByKey({ type: "colour", salon: 2, cc }, key))).toEqual(ids);
  });

  it.each([
    { type: "cutting", key: "finish", ids: FINISH_IDS },
    { type: "cutting", key: "finishAddon", ids: FINISH_ADD_ON_IDS },
    { type: "cutting", key: "treatment", ids: TREATMENT_IDS },
    { type: "mens", key: "cut", ids: MENS_CUT_IDS },
    { type: "mens", key: "mensColour", ids: MENS_COLOUR_IDS },
  ] as const)("$type flow: $key offers $ids", ({ type, key, ids }) => {
    expect(optionIds(stepByKey({ type, salon: 2 }, key))).toEqual(ids);
  });

  it("offers each price list's own rows in its own order, whichever list was read before", () => {
    // The console saves a new price list as a new list of rows: finish 1 moved to the end, finish 3 withdrawn.
    const edited = {
      ...catalogue,
      services: catalogue.services
        .filter((service) => service.id !== 3)
        .map((service) => (service.id === 1 ? { ...service, sortOrder: 10_000 } : service)),
    };
    const finishes = (list: typeof catalogue) =>
      optionIds(stepsFor({ type: "cutting", salon: 2 }, list).find((step) => step.key === "finish"));
    expect(finishes(catalogue)).toEqual(FINISH_IDS);
    expect(finishes(edited)).toEqual([2, 4, 5, 1]);
    expect(finishes(catalogue)).toEqual(FINISH_IDS);
  });

  it("has no colour options until a category is chosen", () => {
    expect(optionIds(stepByKey({ type: "colour", salon: 2 }, "colour"))).toEqual([]);
  });

  it("DECISION: plex has no None option, so it cannot be skipped", () => {
    const plex = stepByKey({ type: "colour", salon: 2, cc: 3 }, "plex") as ServiceStep;
    expect(plex.options.map((option) => option.service.service)).not.toContain("None");
  });

  describe.each(ALL_LEVEL_IDS)("availability flags at level %i", (level) => {
    it.each([
      ...Object.keys(COLOUR_IDS_BY_CC).map((cc) => ({ type: "colour" as const, cc: Number(cc), key: "colour" })),
      ...Object.keys(ADD_ON_IDS_BY_CC).map((cc) => ({ type: "colour" as const, cc: Number(cc), key: "addon" })),
      { type: "colour" as const, cc: 0, key: "plex" },
      { type: "cutting" as const, cc: undefined, key: "finish" },
      { type: "cutting" as const, cc: undefined, key: "finishAddon" },
      { type: "cutting" as const, cc: undefined, key: "treatment" },
      { type: "mens" as const, cc: undefined, key: "cut" },
      { type: "mens" as const, cc: undefined, key: "mensColour" },
    ])("$type $key (category $cc)", ({ type, cc, key }) => {
      const step = stepByKey({ type, salon: 2, level, ...(cc === undefined ? {} : { cc }) }, key) as ServiceStep;
      expect(step.options.length).toBeGreaterThan(0);
      for (const option of step.options) {
        expect(option.available, `service ${option.service.id}`).toBe(
          level > 1 || !NOT_FOR_NEW_STARTERS.has(option.service.id),
        );
      }
    });
  });

  it("flags nothing unavailable before a level is chosen", () => {
    const step = stepByKey({ type: "colour", salon: 2, cc: 3 }, "colour") as ColourStep;
    expect(step.options.every((option) => option.available)).toBe(true);
  });

  it.each([
    { level: 1, available: [0, 1, 2] },
    { level: 2, available: [0, 1, 2, 3, 4, 5, 6] },
    { level: 9, available: [0, 1, 2, 3, 4, 5, 6] },
  ])("colour categories at level $level: available $available", ({ level, available }) => {
    const step = stepByKey({ type: "colour", salon: 2, level }, "colour") as ColourStep;
    expect(step.categories.map((c) => c.colourCat)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(step.categories.filter((c) => c.available).map((c) => c.colourCat)).toEqual(available);
  });

  it.each(ALL_LEVEL_IDS)("men's cut notice at level %i", (level) => {
    const steps = stepsFor({ type: "mens", salon: 2, level }, catalogue) as [Step, ServiceStep, ServiceStep];
    expect(steps[1].notice).toBe(level === 1 ? NEW_STARTER_MENS_CUT_MESSAGE : null);
    expect(steps[2].notice).toBeNull();
  });

  it("reports the selection only when it is one of the step's options", () => {
    expect(stepByKey(foilsColour, "colour")).toMatchObject({ selectedId: 11, done: true, colourCat: 2 });
    expect(stepByKey({ ...foilsColour, colour: 16 }, "colour")).toMatchObject({ selectedId: undefined, done: false });
    expect(stepByKey({ ...foilsColour, addon: 41 }, "addon")).toMatchObject({ selectedId: undefined, done: false });
    expect(stepByKey({ ...foilsColour, plex: 999 }, "plex")).toMatchObject({ selectedId: undefined, done: false });
  });

  it("shows an unavailable selection as selected but not done", () => {
    expect(stepByKey({ ...foilsColour, level: 1, colour: 14 }, "colour")).toMatchObject({
      selectedId: 14,
      done: false,
    });
  });

  it.each([
    { state: { type: "mens", salon: 2, level: 3 }, done: true, title: "Choose a stylist level" },
    { state: { type: "mens", salon: 2 }, done: false, title: "Choose a stylist level" },
    { state: { type: "mens", salon: 2, level: 10 }, done: false, title: "Choose a stylist level" },
    { state: { type: "mens", salon: 2, mode: "stylist", level: 3 }, done: false, title: "Choose your stylist" },
    {
      state: { type: "mens", salon: 2, mode: "stylist", stylist: "jo", level: 3 },
      done: true,
      title: "Choose your stylist",
    },
  ] satisfies { state: CalculatorState; done: boolean; title: string }[])(
    "level step for $state: done $done",
    ({ state, done, title }) => {
      const [step] = stepsFor(state, catalogue);
      expect(step).toMatchObject({ kind: "level", key: "level", done, title, levels: catalogue.levels });
    },
  );
});

describe("currentStep", () => {
  it("walks the colour flow in order", () => {
    const choices: Partial<CalculatorState>[] = [
      { level: 4 },
      { cc: 1 },
      { colour: 9 },
      { addon: 45 },
      { plex: 52 },
      { finish: 4 },
      { finishAddon: 47 },
    ];
    const seen: (string | undefined)[] = [];
    let state: CalculatorState = { type: "colour", salon: 2 };
    for (const choice of choices) {
      seen.push(currentStep(stepsFor(state, catalogue))?.key);
      state = withChange(state, choice);
    }
    seen.push(currentStep(stepsFor(state, catalogue))?.key);
    expect(seen).toEqual(["level", "colour", "colour", "addon", "plex", "finish", "finishAddon", undefined]);
  });

  it.each([
    { state: { type: "cutting", salon: 2, level: 2 }, key: "finish" },
    { state: { type: "cutting", salon: 2, level: 2, finish: 1, treatment: 53 }, key: "finishAddon" },
    { state: { type: "cutting", salon: 2, level: 2, finish: 1, finishAddon: 49 }, key: "treatment" },
    { state: { type: "mens", salon: 2, level: 1, mensColour: 61 }, key: "cut" },
    { state: { type: "mens", salon: 2, cut: 58, mensColour: 61 }, key: "level" },
    { state: { ...balayageColour, level: 1 }, key: "colour" },
  ] satisfies { state: CalculatorState; key: string }[])("$key for $state", ({ state, key }) => {
    expect(currentStep(stepsFor(state, catalogue))?.key).toBe(key);
  });
});

describe("allSelected", () => {
  it.each([
    { name: "foils colour with add-on", state: foilsColour },
    { name: "balayage colour, add-on skipped", state: balayageColour },
    {
      name: "balayage colour without a plex (optional when the add-on is skipped)",
      state: { ...balayageColour, plex: undefined },
    },
    { name: "classic colour without a plex", state: { ...balayageColour, cc: 0, colour: 6, plex: undefined } },
    { name: "classic colour at New Starter", state: { ...balayageColour, level: 1, cc: 0, colour: 6 } },
    { name: "cutting at New Starter", state: cutting },
    { name: "men at Apprentice", state: mens },
    { name: "stylist mode", state: { ...mens, mode: "stylist", stylist: "jo" } },
  ] satisfies { name: string; state: CalculatorState }[])("true for $name", ({ state }) => {
    expect(allSelected(stepsFor(state, catalogue))).toBe(true);
    expect(currentStep(stepsFor(state, catalogue))).toBeUndefined();
  });

  const flows: { type: CalculatorType; state: CalculatorState; slots: ServiceSlot[] }[] = [
    { type: "colour", state: foilsColour, slots: ["colour", "addon", "plex", "finish", "finishAddon"] },
    // Without an add-on step the plex is optional: leaving it out still completes the flow.
    { type: "colour", state: balayageColour, slots: ["colour", "finish", "finishAddon"] },
    { type: "cutting", state: cutting, slots: ["finish", "finishAddon", "treatment"] },
    { type: "mens", state: mens, slots: ["cut", "mensColour"] },
  ];

  describe.each(flows)("$type flow ($state.cc)", ({ state, slots }) => {
    it.each(slots)("false without %s", (slot) => {
      const { [slot]: _removed, ...missing } = state;
      expect(allSelected(stepsFor(missing as CalculatorState, catalogue))).toBe(false);
    });

    it.each(["type", "level"] as const)("false without %s", (field) => {
      const { [field]: _removed, ...missing } = state;
      expect(allSelected(stepsFor(missing as CalculatorState, catalogue))).toBe(false);
    });

    it("false with an unknown level", () => {
      expect(allSelected(stepsFor({ ...state, level: 10 }, catalogue))).toBe(false);
    });

    it("false in stylist mode until a stylist is chosen", () => {
      expect(allSelected(stepsFor({ ...state, mode: "stylist" }, catalogue))).toBe(false);
    });
  });

  // Every id of the price list in every slot of every flow: true only for the ids that belong there.
  const validIdsBySlot = (state: CalculatorState): Record<string, number[]> => ({
    colour: COLOUR_IDS_BY_CC[state.cc ?? -1] ?? [],
    addon: ADD_ON_IDS_BY_CC[state.cc ?? -1] ?? [],
    plex: PLEX_IDS,
    finish: FINISH_IDS,
    finishAddon: FINISH_ADD_ON_IDS,
    treatment: TREATMENT_IDS,
    cut: MENS_CUT_IDS,
    mensColour: MENS_COLOUR_IDS,
  });
  describe.each(flows.map((flow) => ({ ...flow, state: { ...flow.state, level: 6 } })))(
    "$type flow ($state.cc): each id in each slot",
    ({ state, slots }) => {
      const cases = slots.flatMap((slot) =>
        ALL_IDS.map((id) => ({ slot, id, expected: validIdsBySlot(state)[slot]!.includes(id) })),
      );
      it.each(cases)("$slot = $id → $expected", ({ slot, id, expected }) => {
        expect(allSelected(stepsFor({ ...state, [slot]: id }, catalogue))).toBe(expected);
        expect(validateSelection({ ...state, [slot]: id }, catalogue).ok).toBe(expected);
      });
    },
  );

  describe.each(ALL_LEVEL_IDS)("every colour service at level %i", (level) => {
    it.each(Object.values(COLOUR_IDS_BY_CC).flat())("colour %i", (colourId) => {
      expect(allSelected(stepsFor(completeColour(colourId, level), catalogue))).toBe(
        level > 1 || !NOT_FOR_NEW_STARTERS.has(colourId),
      );
    });
  });

  describe.each(ALL_LEVEL_IDS)("men's flow at level %i", (level) => {
    it.each(MENS_CUT_IDS)("cut %i", (cut) => {
      expect(allSelected(stepsFor({ ...mens, level, cut }, catalogue))).toBe(level > 1);
    });
  });

  describe("add-on rules per colour category", () => {
    const cases = Object.entries(COLOUR_IDS_BY_CC).flatMap(([cc, colourIds]) => {
      const addOns = ADD_ON_IDS_BY_CC[Number(cc)];
      return [
        { cc: Number(cc), addon: undefined, expected: addOns === undefined },
        ...range(35, 45).map((addon) => ({ cc: Number(cc), addon, expected: addOns ? addOns.includes(addon) : true })),
      ].map((c) => ({ ...c, colour: colourIds[0]! }));
    });
    it.each(cases)("category $cc, add-on $addon → $expected", ({ cc, colour, addon, expected }) => {
      const state: CalculatorState = {
        ...foilsColour,
        cc,
        colour,
        ...(addon === undefined ? { addon: undefined } : { addon }),
      };
      expect(allSelected(stepsFor(state, catalogue))).toBe(expected);
    });
  });

  it("ignores a selection outside the flow (validateSelection rejects it)", () => {
    expect(allSelected(stepsFor({ ...cutting, colour: 11 }, catalogue))).toBe(true);
    expect(allSelected(stepsFor({ ...balayageColour, addon: 35 }, catalogue))).toBe(true);
  });

  it("agrees with currentStep and validateSelection on arbitrary states", () => {
    const pick = (ids: number[]) => fc.constantFrom(...ids);
    const stateArb = fc.record(
      {
        type: fc.constantFrom(...CALCULATOR_TYPES),
        mode: fc.constantFrom(...SELECTOR_MODES),
        stylist: fc.constant("jo"),
        level: fc.integer({ min: 0, max: 10 }),
        salon: fc.constant(2),
        cc: fc.integer({ min: 0, max: 6 }),
        colour: pick([6, 10, 11, 14, 16, 22, 34, 35, 99]),
        addon: pick([35, 41, 43, 45, 1]),
        plex: pick([50, 53, 1]),
        finish: pick([1, 5, 46]),
        finishAddon: pick([46, 49, 1]),
        treatment: pick([53, 57, 50]),
        cut: pick([58, 60, 61]),
        mensColour: pick([61, 65, 58]),
      },
      { requiredKeys: ["type", "salon"] },
    );
    fc.assert(
      fc.property(stateArb, (state) => {
        const all = allSelected(stepsFor(state, catalogue));
        expect(all).toBe(currentStep(stepsFor(state, catalogue)) === undefined);
        if (validateSelection(state, catalogue).ok) expect(all).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("selectedServices", () => {
  it.each([
    { name: "foils colour", state: foilsColour, ids: [11, 35, 50, 1, 46] },
    { name: "balayage colour", state: balayageColour, ids: [16, 51, 2, 49] },
    { name: "cutting", state: cutting, ids: [1, 49, 57] },
    { name: "mens", state: mens, ids: [58, 65] },
    {
      name: "partial colour",
      state: { type: "colour", salon: 2, level: 3, cc: 2, colour: 12, finish: 5 },
      ids: [12, 5],
    },
    { name: "unavailable colour left out", state: { ...balayageColour, level: 1 }, ids: [51, 2, 49] },
    { name: "wrong slots left out", state: { ...cutting, finish: 46, treatment: 50 }, ids: [49] },
    { name: "outside the flow left out", state: { ...mens, finish: 1 }, ids: [58, 65] },
    { name: "no type", state: { salon: 2, level: 3, finish: 1 }, ids: [] },
  ] satisfies { name: string; state: CalculatorState; ids: number[] }[])("$name → $ids", ({ state, ids }) => {
    expect(selectedServices(state, catalogue)).toEqual(ids.map(serviceById));
  });
});

describe("totalsVisible", () => {
  it.each([
    { state: { type: "colour", salon: 2, level: 3, cc: 2 }, expected: false },
    { state: { type: "colour", salon: 2, level: 3, cc: 2, colour: 11 }, expected: true },
    { state: { type: "colour", salon: 2, cc: 2, colour: 11 }, expected: false },
    { state: { type: "colour", salon: 2, level: 1, cc: 2, colour: 14 }, expected: false },
    { state: { type: "cutting", salon: 2, level: 3, treatment: 53 }, expected: false },
    { state: { type: "cutting", salon: 2, level: 3, finish: 1 }, expected: true },
    { state: { type: "mens", salon: 2, level: 3, mensColour: 61 }, expected: false },
    { state: { type: "mens", salon: 2, level: 3, cut: 58 }, expected: true },
    { state: { type: "mens", salon: 2, level: 1, cut: 58 }, expected: false },
    { state: { salon: 2, level: 3, cut: 58 }, expected: false },
  ] satisfies { state: CalculatorState; expected: boolean }[])("$state → $expected", ({ state, expected }) => {
    expect(totalsVisible(state, catalogue)).toBe(expected);
  });
});

describe("validateSelection", () => {
  it.each([
    { name: "foils colour", state: foilsColour, ids: [11, 35, 50, 1, 46], level: 6 },
    { name: "balayage colour", state: balayageColour, ids: [16, 51, 2, 49], level: 2 },
    { name: "cutting", state: cutting, ids: [1, 49, 57], level: 1 },
    { name: "mens", state: mens, ids: [58, 65], level: 2 },
  ])("accepts $name", ({ state, ids, level }) => {
    expect(validateSelection(state, catalogue)).toStrictEqual({
      ok: true,
      services: ids.map(serviceById),
      level: levelById(level),
    });
  });

  it.each([
    { name: "no type", state: { ...mens, type: undefined }, error: /No calculator type/ },
    { name: "unknown service id", state: { ...mens, mensColour: 999 }, error: /Unknown service 999 in mensColour/ },
    { name: "unknown id, cutting", state: { ...cutting, treatment: 66 }, error: /Unknown service 66 in treatment/ },
    {
      name: "add-on of another category",
      state: { ...foilsColour, addon: 41 },
      error: /Service 41 .* does not belong in addon/,
    },
    {
      name: "colour of another category",
      state: { ...foilsColour, colour: 8 },
      error: /Service 8 .* does not belong in colour/,
    },
    {
      name: "finish add-on as finish",
      state: { ...cutting, finish: 46 },
      error: /Service 46 .* does not belong in finish/,
    },
    {
      name: "plex as intensive treatment",
      state: { ...cutting, treatment: 50 },
      error: /Service 50 .* does not belong in treatment/,
    },
    { name: "men's colour as cut", state: { ...mens, cut: 61 }, error: /Service 61 .* does not belong in cut/ },
    {
      name: "balayage at New Starter",
      state: { ...balayageColour, level: 1 },
      error: /Service 16 .* not available at level New Starter/,
    },
    {
      name: "service 14 at New Starter",
      state: { ...foilsColour, level: 1, colour: 14 },
      error: /Service 14 .* not available/,
    },
    { name: "men's cut at New Starter", state: { ...mens, level: 1 }, error: /Service 58 .* not available/ },
    { name: "missing finish", state: { ...cutting, finish: undefined }, error: /No finish selected/ },
    { name: "missing add-on", state: { ...foilsColour, addon: undefined }, error: /No addon selected/ },
    { name: "missing plex after an add-on", state: { ...foilsColour, plex: undefined }, error: /No plex selected/ },
    {
      name: "missing category",
      state: { ...foilsColour, cc: undefined, addon: undefined },
      error: /No colour category chosen/,
    },
    { name: "no level", state: { ...mens, level: undefined }, error: /No level chosen/ },
    { name: "unknown level", state: { ...mens, level: 10 }, error: /Unknown level 10/ },
    { name: "stylist mode without stylist", state: { ...mens, mode: "stylist" }, error: /No stylist chosen/ },
    {
      name: "add-on for a category without add-ons",
      state: { ...balayageColour, addon: 35 },
      error: /35 in addon is not part of this colour quote/,
    },
    {
      name: "colour in a cutting quote",
      state: { ...cutting, colour: 11 },
      error: /11 in colour is not part of this cutting quote/,
    },
    {
      name: "cut in a colour quote",
      state: { ...foilsColour, cut: 58 },
      error: /58 in cut is not part of this colour quote/,
    },
    { name: "plex in a men's quote", state: { ...mens, plex: 50 }, error: /50 in plex is not part of this mens quote/ },
  ] satisfies { name: string; state: CalculatorState; error: RegExp }[])("rejects $name", ({ state, error }) => {
    const result = validateSelection(state, catalogue);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(
        result.errors.some((message) => error.test(message)),
        result.errors.join("; "),
      ).toBe(true);
  });

  it("lists every problem at once", () => {
    const result = validateSelection({ type: "cutting", salon: 2, level: 10, finish: 999, colour: 11 }, catalogue);
    expect(result).toStrictEqual({
      ok: false,
      errors: [
        "Unknown level 10",
        "Unknown service 999 in finish",
        "No finishAddon selected",
        "No treatment selected",
        "Service 11 in colour is not part of this cutting quote",
      ],
    });
  });
});
