// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { type ChoosableStylist, StylistDialog } from "~/components/quote/stylist-dialog";
import { selector } from "./define-element";
import { defineStylistDialog, STYLIST_DIALOG } from "./stylist-dialog";
import { renderIntoDocument } from "./testing/render";

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

function mount() {
  defineStylistDialog();
  renderIntoDocument(
    <ul>
      <StylistDialog stylist={isla} />
    </ul>,
  );
  const element = document.querySelector<HTMLElement>(STYLIST_DIALOG.tag);
  const card = element?.querySelector<HTMLAnchorElement>(`a${selector(STYLIST_DIALOG.open)}`);
  const dialog = element?.querySelector("dialog");
  if (!element || !card || !dialog) throw new Error("StylistDialog did not render the parts <stylist-dialog> needs");
  const closers = Array.from(dialog.querySelectorAll<HTMLButtonElement>(selector(STYLIST_DIALOG.close)));
  return { card, dialog, closers };
}

/** Clicks like a visitor (or with a modifier) and says whether the browser would still follow the link. */
function click(target: Element, init: MouseEventInit = {}): boolean {
  return target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init }));
}

afterEach(() => {
  document.body.replaceChildren();
});

describe("<stylist-dialog>", () => {
  it("opens the profile instead of following the card, and says it will", () => {
    const { card, dialog } = mount();
    expect(card.getAttribute("aria-haspopup")).toBe("dialog");
    expect(click(card)).toBe(false);
    expect(dialog.open).toBe(true);
  });

  it("lets a click with a modifier open the stylist's total as a link", () => {
    const { card, dialog } = mount();
    expect(click(card, { ctrlKey: true })).toBe(true);
    expect(dialog.open).toBe(false);
  });

  it("closes from the close button and from Pick another, giving the focus back to the card", () => {
    const { card, dialog, closers } = mount();
    expect(closers).toHaveLength(2);
    for (const closer of closers) {
      click(card);
      click(closer);
      expect(dialog.open).toBe(false);
      expect(document.activeElement).toBe(card);
    }
  });

  it("keeps Tab inside the dialog", () => {
    const { card, dialog } = mount();
    click(card);
    const controls = Array.from(dialog.querySelectorAll<HTMLElement>("a[href], button, [tabindex='0']"));
    const last = controls.at(-1);
    last?.focus();
    const tab = new KeyboardEvent("keydown", { key: "Tab", bubbles: true, cancelable: true });
    last?.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(controls[0]);
  });
});
