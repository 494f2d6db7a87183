// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { type ChoosableStylist, StylistDialogView } from "./stylist-dialog";

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const isla: ChoosableStylist = {
  slug: "isla",
  firstName: "Isla",
  lastName: "Reid",
  image: "/images/team/isla.svg",
  photo: null,
  paragraphs: ["Isla has coloured hair for twelve years."],
  salonName: "Maison Ivy Wrenbridge",
  chooseHref: "/prices/total-by-stylist?stylist=isla",
};

let root: Root | undefined;

function mount() {
  const holder = document.createElement("div");
  document.body.replaceChildren(holder);
  root = createRoot(holder);
  act(() => root?.render(<StylistDialogView stylist={isla} />));
  const card = holder.querySelector<HTMLAnchorElement>("a[href]");
  const dialog = holder.querySelector("dialog");
  if (!card || !dialog) throw new Error("the card or the dialog is missing");
  const closers = [...dialog.querySelectorAll<HTMLButtonElement>("button")];
  return { card, dialog, closers };
}

/** Clicks like a visitor (or with a modifier) and says whether the browser would still follow the link. */
function click(target: Element, init: MouseEventInit = {}): boolean {
  let followed = true;
  act(() => {
    followed = target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init }));
  });
  return followed;
}

afterEach(() => {
  act(() => root?.unmount());
  document.body.replaceChildren();
});

describe("StylistDialogView (the stylist-dialog island)", () => {
  it("opens the profile instead of following the card, and says it will", () => {
    const { card, dialog } = mount();
    expect(card.getAttribute("href")).toBe(isla.chooseHref);
    expect(card.getAttribute("aria-haspopup")).toBe("dialog");
    expect(click(card)).toBe(false);
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute("aria-labelledby")).toBe("stylist-isla-name");
    expect(document.getElementById("stylist-isla-name")?.textContent).toBe("Isla Reid");
  });

  it("lets a click with a modifier open the stylist's total as a link", () => {
    const { card, dialog } = mount();
    expect(click(card, { ctrlKey: true })).toBe(true);
    expect(dialog.open).toBe(false);
  });

  it("closes from the close button and from Pick another, giving the focus back to the card", () => {
    const { card, dialog, closers } = mount();
    expect(closers.map((button) => button.textContent)).toEqual(["Close", "Pick another"]);
    for (const closer of closers) {
      click(card);
      expect(dialog.open).toBe(true);
      click(closer);
      expect(dialog.open).toBe(false);
      expect(document.activeElement).toBe(card);
    }
  });

  it("closes on a click on the backdrop (the dialog element itself), not on one inside", () => {
    const { card, dialog } = mount();
    click(card);
    click(dialog.querySelector("p") as Element);
    expect(dialog.open).toBe(true);
    click(dialog);
    expect(dialog.open).toBe(false);
  });

  it("keeps Tab inside the dialog", () => {
    const { card, dialog } = mount();
    click(card);
    const controls = Array.from(dialog.querySelectorAll<HTMLElement>("a[href], button, [tabindex='0']"));
    const last = controls.at(-1);
    last?.focus();
    const tab = new KeyboardEvent("keydown", { key: "Tab", bubbles: true, cancelable: true });
    act(() => {
      last?.dispatchEvent(tab);
    });
    expect(tab.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(controls[0]);
  });
});
