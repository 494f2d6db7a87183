// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { part } from "../define-element";
import { renderIntoDocument } from "../testing/render";
import { enhanceSaveOnce, SAVE_ONCE } from "./save-once";

function mount() {
  renderIntoDocument(
    <form method="post" {...part(SAVE_ONCE.form)}>
      <button type="submit" {...part(SAVE_ONCE.busyLabel, "Saving…")}>
        Save
      </button>
    </form>,
  );
  const form = document.querySelector("form") as HTMLFormElement;
  const send = () => {
    const event = new Event("submit", { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    return !event.defaultPrevented;
  };
  return { form, button: form.querySelector("button") as HTMLButtonElement, send };
}

beforeAll(() => enhanceSaveOnce());
afterEach(() => document.body.replaceChildren());

describe("an edit form is sent once", () => {
  it("lets the first send through, says it is saving, and stops a second", () => {
    const { button, send } = mount();
    expect(send()).toBe(true);
    expect(button.textContent).toBe("Saving…");
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(send()).toBe(false);
  });

  it("can be sent again when the browser brings the page back from its history", () => {
    const { button, send } = mount();
    send();
    window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
    expect(button.textContent).toBe("Save");
    expect(button.hasAttribute("aria-disabled")).toBe(false);
    expect(send()).toBe(true);
  });
});
