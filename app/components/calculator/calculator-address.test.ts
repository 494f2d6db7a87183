import { describe, expect, it } from "vitest";
import { withChange } from "~/domain/calculator-state";
import { DEFAULT_SALON_ID } from "~/domain/salon-ids";
import { SELECTOR_PATH, stateHref } from "../quote/links";
import { calculatorAddress, isPlainClick, type LinkClick } from "./calculator-address";
import { CURRENT_STEP_ID, calculatorHref, stepLinks } from "./calculator-view";

const ORIGIN = "https://salon.example";

describe("calculatorAddress", () => {
  const state = { type: "colour", mode: "level", level: 4, salon: 1, cc: 2 } as const;

  it("reads back the state, the reopened step and the target of every calculator link the page renders", () => {
    expect(calculatorAddress(calculatorHref(state), ORIGIN)).toEqual({ state, edit: null, hash: CURRENT_STEP_ID });
    expect(calculatorAddress(calculatorHref(state, "colour"), ORIGIN)).toEqual({
      state,
      edit: "colour",
      hash: CURRENT_STEP_ID,
    });
    expect(calculatorAddress(stepLinks.choose(state, "colour", 17), ORIGIN)?.state).toEqual(
      withChange(state, { colour: 17 }),
    );
    expect(calculatorAddress(`${ORIGIN}/prices/calculator?type=mens`, ORIGIN)).toEqual({
      state: { type: "mens", salon: DEFAULT_SALON_ID },
      edit: null,
      hash: null,
    });
  });

  it("leaves every other page, and other sites, to the browser", () => {
    expect(calculatorAddress(stateHref(SELECTOR_PATH, state), ORIGIN)).toBeNull();
    expect(calculatorAddress("/prices", ORIGIN)).toBeNull();
    expect(calculatorAddress("/prices/calculator/elsewhere?type=colour", ORIGIN)).toBeNull();
    expect(calculatorAddress("https://other.example/prices/calculator?type=colour", ORIGIN)).toBeNull();
    expect(calculatorAddress("https://[bad", ORIGIN)).toBeNull();
  });

  it("treats a fragment it cannot decode as none", () => {
    expect(calculatorAddress("/prices/calculator?type=colour#%E0%A4%A", ORIGIN)?.hash).toBeNull();
  });
});

describe("isPlainClick", () => {
  const plain: LinkClick = {
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    target: "",
    download: false,
  };

  it("answers a plain left click on a link for this tab", () => {
    expect(isPlainClick(plain)).toBe(true);
    expect(isPlainClick({ ...plain, target: "_self" })).toBe(true);
  });

  it.each<[string, Partial<LinkClick>]>([
    ["a middle click", { button: 1 }],
    ["Cmd-click", { metaKey: true }],
    ["Ctrl-click", { ctrlKey: true }],
    ["Shift-click", { shiftKey: true }],
    ["Alt-click", { altKey: true }],
    ["a click something else already answered", { defaultPrevented: true }],
    ["a link to another window", { target: "_blank" }],
    ["a download", { download: true }],
  ])("leaves %s to the browser", (_name, change) => {
    expect(isPlainClick({ ...plain, ...change })).toBe(false);
  });
});
