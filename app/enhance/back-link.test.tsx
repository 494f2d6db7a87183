// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { BackLink } from "~/components/back-link";
import { BACK_LINK, defineBackLink } from "./back-link";
import { arriveFrom, renderIntoDocument } from "./testing/render";

function mount(referrer: string) {
  arriveFrom(referrer);
  defineBackLink();
  renderIntoDocument(<BackLink fallback="/corona" />);
  const element = document.querySelector(BACK_LINK.tag);
  const link = element?.querySelector("a");
  const button = element?.querySelector("button");
  if (!element || !link || !button) throw new Error("BackLink did not render the parts <back-link> needs");
  return { link, button };
}

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe("<back-link>", () => {
  it("swaps the fallback link for the button", () => {
    const { link, button } = mount(`${window.location.origin}/corona`);
    expect(link.hidden).toBe(true);
    expect(button.hidden).toBe(false);
  });

  it("goes back in the history for a visitor who came from one of our pages", () => {
    const back = vi.spyOn(window.history, "back").mockImplementation(() => undefined);
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    vi.spyOn(window.history, "length", "get").mockReturnValue(3);
    mount(`${window.location.origin}/corona`).button.click();
    expect(back).toHaveBeenCalledOnce();
    expect(assign).not.toHaveBeenCalled();
  });

  it("takes a visitor from another site to the fallback page instead of off the site", () => {
    const back = vi.spyOn(window.history, "back").mockImplementation(() => undefined);
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    vi.spyOn(window.history, "length", "get").mockReturnValue(3);
    mount("https://elsewhere.example/").button.click();
    expect(back).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith(new URL("/corona", window.location.href).href);
  });
});
