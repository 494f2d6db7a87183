// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { focusStepHeading, STEP_HEADING } from "./focus-step";

function page() {
  document.body.innerHTML = `
    <section id="current-step"><p>Step 2</p><h2 ${STEP_HEADING} tabindex="-1">Choose a colour</h2></section>
    <h2 id="question" ${STEP_HEADING} tabindex="-1">Are you a regular?</h2>
    <section id="plain"><h2 tabindex="-1">Not a step</h2></section>`;
}

describe("focusStepHeading", () => {
  it("focuses the step heading inside the element the hash names, or the element itself", () => {
    page();
    expect(focusStepHeading("#current-step")).toBe(true);
    expect(document.activeElement?.textContent).toBe("Choose a colour");
    expect(focusStepHeading("#question")).toBe(true);
    expect(document.activeElement?.id).toBe("question");
  });

  it("leaves the focus alone for other hashes, none, or a malformed one", () => {
    page();
    for (const hash of ["#plain", "#nowhere", "#", "", "#%E0%A4%A"]) expect(focusStepHeading(hash)).toBe(false);
    expect(document.activeElement).toBe(document.body);
  });
});
