// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from "vitest";
import { selector } from "./define-element";
import { DISCLOSURE, enhanceDisclosures } from "./disclosure";

beforeAll(() => enhanceDisclosures(document));

function menus() {
  document.body.innerHTML = `
    <details ${DISCLOSURE} id="one"><summary>More</summary><a href="#about">About</a></details>
    <details ${DISCLOSURE} id="two"><summary>Menu</summary><a href="#team">Team</a></details>
    <button id="elsewhere">Elsewhere</button>`;
  const [one, two] = Array.from(document.querySelectorAll<HTMLDetailsElement>(selector(DISCLOSURE)));
  if (!one || !two) throw new Error("no menus");
  return { one, two };
}

describe("menus in <details data-disclosure>", () => {
  it("Escape closes the open menu and returns the focus to its summary", () => {
    const { one } = menus();
    one.open = true;
    one.querySelector("a")?.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(one.open).toBe(false);
    expect(document.activeElement).toBe(one.querySelector("summary"));
  });

  it("closes when the focus or a click goes elsewhere, and only the other menus", () => {
    const { one, two } = menus();
    one.open = true;
    two.open = true;
    two.querySelector("a")?.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    expect([one.open, two.open]).toEqual([false, true]);
    document.getElementById("elsewhere")?.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    expect(two.open).toBe(false);
  });

  it("closes when one of its links is followed", () => {
    const { one } = menus();
    one.open = true;
    one.querySelector("a")?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    expect(one.open).toBe(false);
  });
});
