// First-load weight: every byte Chromium fetches for a page until the network is idle, read from its network log
// (each response's body as it travelled, compressed as the site chose to send it), by kind of resource. Whatever
// the page loads, by a tag, a preload or a dynamic import, is counted; nothing is inferred from the HTML.
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.js";
import {
  BASE,
  consoleSession,
  fixtures,
  round1,
  row,
  saveQuote,
  startSite,
  startStockReference,
  stopSite,
} from "./lib.js";

/** What a page is allowed to load first, by its kind, in kB of JavaScript as transferred. */
const JS_BUDGET_KB = {
  // a page to read ships no framework
  content: 5,
  // a page to fill in or tap through ships React and its island
  interactive: 90,
  // the console is a React Router app (decision 061)
  console: 150,
};

/**
 * One page loaded in a new browser context (nothing cached) on a phone's screen, until no request has been under
 * way for 500 ms.
 * With `touchForm`, then the first field of the page's form is focused, and the JavaScript that brings is counted
 * apart (`touchKb`).
 * @returns {Promise<{ byType: Record<string, { kb: number, files: number }>, totalKb: number, touchKb?: number, encodings: string[] }>}
 */
async function networkWeight(browser, url, headers = {}, { touchForm = false } = {}) {
  // A phone's screen, as Lighthouse's mobile runs and most visitors: islands that wait to be seen load when the
  // visitor scrolls near them, not before.
  const context = await browser.newContext({
    extraHTTPHeaders: headers,
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  try {
    const page = await context.newPage();
    const responses = [];
    page.on("response", (response) => responses.push(response));
    await page.goto(url, { waitUntil: "networkidle" });
    const firstLoad = responses.length;
    // What a form fetches once the visitor touches it (its schemas, app/components/forms/schemas.ts): counted
    // apart, after the first load.
    let touchKb;
    if (touchForm) {
      await page
        .locator("main form")
        .first()
        .locator("input:visible, select:visible, textarea:visible")
        .first()
        .focus();
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(600);
      let bytes = 0;
      for (const response of responses.splice(firstLoad)) {
        if (response.request().resourceType() === "script")
          bytes += (await response.request().sizes()).responseBodySize;
      }
      touchKb = round1(bytes / 1024);
    }
    const byType = {};
    const encodings = new Set();
    let total = 0;
    for (const response of responses) {
      const request = response.request();
      const { responseBodySize } = await request.sizes();
      const type = request.resourceType();
      byType[type] ??= { bytes: 0, files: 0 };
      byType[type].bytes += responseBodySize;
      byType[type].files++;
      total += responseBodySize;
      if (type === "script") encodings.add((await response.allHeaders())["content-encoding"] ?? "identity");
    }
    return {
      byType: Object.fromEntries(
        Object.entries(byType).map(([type, { bytes, files }]) => [type, { kb: round1(bytes / 1024), files }]),
      ),
      totalKb: round1(total / 1024),
      touchKb,
      encodings: [...encodings],
    };
  } finally {
    await context.close();
  }
}

const kindOf = (name) =>
  name.startsWith("console")
    ? "console"
    : ["calculator", "job form", "feedback form"].includes(name)
      ? "interactive"
      : "content";

/** The console's pages, as its navigation links them (every page a member of staff opens from it). */
async function consolePages(cookie) {
  const html = await (await fetch(`${BASE}/staff`, { headers: { Cookie: cookie } })).text();
  const found = new Set(["/staff"]);
  for (const m of html.matchAll(/href="(\/staff\/[\w/-]*)"/g)) if (!/sign-out|export/.test(m[1])) found.add(m[1]);
  return [...found];
}

/** @param {{ results: Record<string, unknown> }} bench */
export async function weight({ results }) {
  const site = await startSite({ DATABASE_URL: "" });
  const stock = await startStockReference();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  results.weight = {};
  const rows = [];
  try {
    const { calculatorMidFlow, quoteBody } = await fixtures();
    const saved = await saveQuote(quoteBody(0));
    const cookie = await consoleSession(site);
    const pages = {
      home: "/",
      team: "/team-info",
      calculator: calculatorMidFlow,
      quote: `/quote/${saved.link}`,
      "job form": "/recruitment/stylist",
      "feedback form": "/feedback",
      "console sign-in": "/staff/sign-in",
    };
    for (const pathname of await consolePages(cookie)) pages[`console ${pathname}`] = pathname;
    // The references in the same run: the plain React page (what an island's page could weigh) and the stock
    // template's page (what a React Router app weighs).
    const reference = {
      interactive: await networkWeight(browser, `${stock.url}/taps`),
      console: await networkWeight(browser, `${stock.url}/`),
    };
    results.weight.reference = reference;
    for (const [name, pathname] of Object.entries(pages)) {
      const signedIn = name.startsWith("console /");
      const form = name === "job form" || name === "feedback form";
      const w = await networkWeight(browser, BASE + pathname, signedIn ? { Cookie: cookie } : {}, { touchForm: form });
      results.weight[name] = { path: pathname, ...w };
      const kind = kindOf(name);
      const js = w.byType.script?.kb ?? 0;
      const ref = reference[kind];
      rows.push(
        row(`first load ${name}`, `JS ${js} kB`, {
          reference: ref
            ? `JS ${ref.byType.script?.kb ?? 0} kB (${kind === "console" ? "stock template" : "plain React page"})`
            : "–",
          target: `JS at most ${JS_BUDGET_KB[kind]} kB`,
          met: js <= JS_BUDGET_KB[kind],
          detail: `every response until the network was idle, on a phone's screen, as transferred (scripts ${w.encodings.join("/") || "none"}): ${w.totalKb} kB in all; ${Object.entries(
            w.byType,
          )
            .map(([type, t]) => `${type} ${t.kb} kB (${t.files})`)
            .join(
              " · ",
            )}${w.touchKb === undefined ? "" : `; then JS ${w.touchKb} kB more at the first touch of the form (its schemas)`}`,
        }),
      );
    }
  } finally {
    await browser.close();
    await stock.stop();
    await stopSite(site);
  }
  return rows;
}
