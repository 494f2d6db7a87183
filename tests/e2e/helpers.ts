import AxeBuilder from "@axe-core/playwright";
import { type Page, expect } from "@playwright/test";

/** No serious or critical axe violation on the page as it stands. */
export async function expectAccessible(page: Page) {
  // A control left under the pointer would be measured halfway through its hover transition.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(200);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    `axe violations on ${page.url()}`,
  ).toEqual([]);
}

/** Collects console errors and uncaught exceptions while a test runs. */
export function trackConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  return errors;
}

export async function expectOneH1(page: Page) {
  await expect(page.locator("h1")).toHaveCount(1);
}
