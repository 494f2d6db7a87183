// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { NavMenu, type NavMenuProps } from "./nav-menu";

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const link = (href: string, label: string, current = false) => ({ href, label, current });
const more: NavMenuProps = {
  variant: "more",
  links: [link("/team", "Team", true), link("/blog", "Blog")],
  models: link("/models", "Models"),
};
const phone: NavMenuProps = {
  ...more,
  variant: "phone",
  bookingUrl: "https://book.example",
  contact: link("/contact", "Contact Us"),
};

let roots: Root[] = [];

/** Both menus, as the header has them, and a button outside them. */
function menus() {
  document.body.innerHTML = `<div id="one"></div><div id="two"></div><button id="elsewhere">Elsewhere</button>`;
  for (const [id, props] of [
    ["one", more],
    ["two", phone],
  ] as const) {
    const root = createRoot(document.getElementById(id) as HTMLElement);
    act(() => root.render(<NavMenu {...props} />));
    roots.push(root);
  }
  const [one, two] = Array.from(document.querySelectorAll("details"));
  if (!one || !two) throw new Error("no menus");
  return { one, two };
}

afterEach(() => {
  act(() => {
    for (const root of roots) root.unmount();
  });
  roots = [];
  document.body.replaceChildren();
});

describe("NavMenu (the nav-menu island) and useDisclosure", () => {
  it("marks the page being shown and lists Models last", () => {
    const { one, two } = menus();
    expect(one.querySelector("[aria-current=page]")?.textContent).toBe("Team");
    expect(Array.from(one.querySelectorAll("a")).map((a) => a.textContent)).toEqual(["Team", "Blog", "Models"]);
    expect(two.querySelector("a.btn-primary")?.getAttribute("href")).toBe("https://book.example");
  });

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
