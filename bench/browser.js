// The calculator in a phone's browser beside a plain React page tapped in the same minutes (bench/reference's
// /taps: steps of choices as links, the next step shown from React state), alternated over three rounds.
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.js";
import { BASE, fixtures, median, round2, row, startSite, startStockReference, stopSite } from "./lib.js";

/**
 * A page tapped as on a phone: Chromium with its CPU slowed 4×, each tap the first choice not yet made in the
 * current step (`#current-step li > a[href]`) until none is left. Per tap, the time from the pointer going down
 * to the first frame painted after the page changed (the mutation, then two animation frames), and the first
 * tap's on its own, as it runs code the page has not run before; and every request for a page or data after the
 * first page (documents, fetches, XHRs and pages fetched ahead), which should be none.
 */
async function measureTaps(browser, url) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: false });
  try {
    const cdp = await page.context().newCDPSession(page);
    await page.goto(url, { waitUntil: "networkidle" });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const requests = [];
    page.on("request", (r) => {
      // "other" is how Playwright types a page Chrome fetches ahead (speculation rules), and the icon it asks for again
      // at each change of address.
      const asks = ["document", "fetch", "xhr", "other"].includes(r.resourceType());
      if (asks && new URL(r.url()).pathname !== "/favicon.svg") requests.push(r.url());
    });
    await page.evaluate(() => {
      window.__tap = { down: 0, painted: 0 };
      document.addEventListener(
        "pointerdown",
        (e) => {
          window.__tap = { down: e.timeStamp, painted: 0 };
        },
        true,
      );
      new MutationObserver(() => {
        const tap = window.__tap;
        if (!tap.down || tap.painted) return;
        tap.painted = -1;
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            tap.painted = performance.now();
          }),
        );
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const seen = new Set([new URL(page.url()).pathname + new URL(page.url()).search]);
    const taps = [];
    for (let i = 0; i < 30; i++) {
      const next = await page.evaluateHandle(
        (visited) =>
          [...document.querySelectorAll("#current-step li > a[href]")].find(
            (a) =>
              a.getAttribute("aria-current") !== "true" &&
              !visited.includes(a.href.split("#")[0].slice(location.origin.length)),
          ) ?? null,
        [...seen],
      );
      const link = next.asElement();
      if (!link) break;
      const href = (await link.getAttribute("href")).split("#")[0];
      seen.add(href);
      await link.click();
      await page.waitForFunction(() => window.__tap?.painted > 0, null, { timeout: 10_000 }).catch(() => undefined);
      const ms = await page.evaluate(() =>
        window.__tap?.painted > 0 ? window.__tap.painted - window.__tap.down : null,
      );
      // A tap that loaded a new document (a page without its island) leaves no figure: say so.
      if (ms === null) return { taps: taps.length, failedAt: href, requestsAfterFirstPage: requests.length };
      taps.push(Math.round(ms));
    }
    return {
      taps: taps.length,
      medianMs: taps.length > 0 ? median(taps) : null,
      firstMs: taps[0] ?? null,
      maxMs: taps.length > 0 ? Math.max(...taps) : null,
      requestsAfterFirstPage: requests.length,
    };
  } finally {
    await page.close();
  }
}

/** @param {{ results: Record<string, unknown> }} bench */
export async function browser({ results }) {
  const site = await startSite({ DATABASE_URL: "" });
  const stock = await startStockReference();
  const chrome = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const { calculatorStart } = await fixtures();
    const rounds = { calculator: [], reference: [] };
    for (let round = 0; round < 3; round++) {
      rounds.calculator.push(await measureTaps(chrome, BASE + calculatorStart));
      rounds.reference.push(await measureTaps(chrome, `${stock.url}/taps`));
      console.error(
        `taps, round ${round + 1}: ${JSON.stringify({ calculator: rounds.calculator.at(-1), reference: rounds.reference.at(-1) })}`,
      );
    }
    results.calculator = rounds;
    const failed = rounds.calculator.find((r) => r.failedAt);
    const site3 = rounds.calculator.map((r) => r.medianMs ?? Number.POSITIVE_INFINITY);
    const reference3 = rounds.reference.map((r) => r.medianMs ?? Number.POSITIVE_INFINITY);
    const ratio = round2(median(site3) / median(reference3));
    const first = (side) => median(side.map((r) => r.firstMs ?? Number.POSITIVE_INFINITY));
    const requests = rounds.calculator.reduce((n, r) => n + r.requestsAfterFirstPage, 0);
    return [
      row(
        "calculator tap to painted change",
        failed ? `FAILED at ${failed.failedAt}` : `${median(site3)} ms (${ratio}×)`,
        {
          reference: `${median(reference3)} ms, plain React page`,
          target: "at most 1.2× the reference, no request",
          met: !failed && ratio <= 1.2 && requests === 0,
          detail: `median of three rounds' median taps, alternated, CPU slowed 4× (site ${site3.join("/")} ms over ${rounds.calculator[0].taps} taps of a colour quote, reference ${reference3.join("/")} ms over ${rounds.reference[0].taps}); first tap ${first(rounds.calculator)} ms, reference ${first(rounds.reference)} ms; ${requests} requests for a page or data after the first page`,
        },
      ),
    ];
  } finally {
    await chrome.close();
    await stock.stop();
    await stopSite(site);
  }
}
