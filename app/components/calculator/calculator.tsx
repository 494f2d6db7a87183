import { useEffect, useRef, useState } from "react";
import type { CalculatorState } from "~/domain/calculator-state";
import { formatGBP } from "~/domain/format";
import { resolveStylist } from "~/domain/stylist-choice";
import { rememberLanding, sendStep } from "../funnel-beacon";
import { PRICES_PATH, SELECTOR_PATH, stateHref } from "../quote/links";
import { cameFromThisSite } from "../referrer";
import { type CalculatorAddress, calculatorAddress, isPlainClick } from "./calculator-address";
import { CalculatorSteps, ProgressLine } from "./calculator-steps";
import {
  type CalculatorData,
  type CalculatorView,
  CURRENT_STEP_ID,
  calculatorHref,
  calculatorView,
  STEP_HEADING,
} from "./calculator-view";
import { serviceTypeCopy } from "./labels";
import { PhoneEstimate, QuotePanel } from "./quote-panel";

export interface CalculatorProps {
  /** The price list, levels, stylists and salons the page was served with: every choice is worked out from them. */
  data: CalculatorData;
  /** The state in the page's address, as the server read it. */
  state: CalculatorState;
  /** The step reopened with "Change", if any. */
  edit: string | null;
}

/** What the page shows after a choice: the address's state, and whether the focus moves to the new step. */
interface Shown extends CalculatorAddress {
  /** Counts the choices (and Back/Forward) since the page loaded: each one moves the focus, even to the same step. */
  change: number;
  /** A choice scrolls to the new step; Back and Forward leave the scrolling to the browser. */
  scroll: boolean;
}

/**
 * The price quote calculator, an island (app/islands/calculator.tsx): the
 * server renders it from the address, and in the browser every choice is
 * worked out here from the catalogue the page came with, with no request.
 * Each choice is still a link to the page the server would give for it, so
 * without JavaScript (or in a new tab) the same steps are page loads; with it,
 * a plain click is answered in place and the address follows, so Back, a
 * reload and a shared link show the same step.
 */
export function Calculator({ data, state: initialState, edit: initialEdit }: CalculatorProps) {
  const [shown, setShown] = useState<Shown>({
    state: initialState,
    edit: initialEdit,
    hash: null,
    change: 0,
    scroll: false,
  });
  const root = useRef<HTMLDivElement>(null);
  /** The address of the choice on the screen while its history entry waits to be written (null once it is). */
  const addressShown = useRef<string | null>(null);

  useEffect(() => {
    const restore = () => {
      const address = calculatorAddress(window.location.href, window.location.origin);
      // Back to a page that is not the calculator is the browser's to load; it never reaches here.
      if (address) setShown((before) => ({ ...address, change: before.change + 1, scroll: false }));
    };
    window.addEventListener("popstate", restore);
    return () => window.removeEventListener("popstate", restore);
  }, []);

  useEffect(() => {
    // A page arrived at from one of our own links to a step starts there (a shared link leaves focus alone).
    if (shown.change === 0) {
      if (!window.location.hash || !cameFromThisSite()) return;
      const onLoad = () => window.setTimeout(() => focusHeading(window.location.hash.slice(1), false));
      if (document.readyState === "complete") onLoad();
      else window.addEventListener("load", onLoad, { once: true });
      return () => window.removeEventListener("load", onLoad);
    }
    // Once the new step is on the screen. Focusing at once made the browser lay the page out in the middle of the
    // tap, before the step could be painted: 11 to 15 ms of each tap with the CPU slowed 4×, now under 1 ms after it.
    return afterPaint(() => focusHeading(shown.hash ?? CURRENT_STEP_ID, shown.scroll));
  }, [shown]);

  const follow = (event: React.MouseEvent<HTMLDivElement>) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    const plain = isPlainClick({
      button: event.button,
      metaKey: event.metaKey,
      ctrlKey: event.ctrlKey,
      shiftKey: event.shiftKey,
      altKey: event.altKey,
      defaultPrevented: event.defaultPrevented,
      target: link.target,
      download: link.hasAttribute("download"),
    });
    if (!plain) return;
    const href = link.getAttribute("href") ?? "";
    const address = calculatorAddress(href, window.location.origin);
    if (!address) return;
    event.preventDefault();
    setShown((before) => ({ ...address, change: before.change + 1, scroll: true }));
    // Exactly the link's address, so what is shared or reloaded is what the server gives without JavaScript.
    // A link to the address already shown replaces its entry, as the browser's own navigation does. A phone's
    // browser takes several milliseconds to write a history entry, so it is written once the change is on the
    // screen; the entries are still written one per tap, in order.
    const url = new URL(href, addressShown.current ?? window.location.href).href;
    const same = url === (addressShown.current ?? window.location.href);
    addressShown.current = url;
    afterPaint(() => {
      if (same) window.history.replaceState(null, "", href);
      else window.history.pushState(null, "", href);
      if (addressShown.current === url) addressShown.current = null;
    });
  };

  const resolved = resolveStylist(shown.state, data.stylists);
  const view = calculatorView(resolved.state, data, { edit: shown.edit, stylist: resolved.stylist });

  // The funnel's first two steps (decision 076): the calculator opened, and its summary reached.
  const { salon, level, stylist } = view.state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page, with the state it opened on; later choices are the same start
  useEffect(() => {
    rememberLanding();
    sendStep("started", { salon, level, stylist });
  }, []);
  useEffect(() => {
    if (view.allSelected) sendStep("summary", { salon, level, stylist });
  }, [view.allSelected, salon, level, stylist]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: only catches the clicks of the links inside, which the keyboard's Enter clicks too
    <div ref={root} onClick={follow}>
      <CalculatorPage view={view} notice={resolved.notice} />
    </div>
  );
}

/**
 * Tells a screen reader the total after each choice on a wide screen, where
 * the side panel shows it. On a phone the estimate bar at the bottom is the
 * live region, and this one is not displayed, so the total is said once.
 */
function TotalAnnouncement({ view }: { view: CalculatorView }) {
  const { quote } = view;
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only max-lg:hidden" data-testid="total-announcement">
      {quote ? `Estimated total ${formatGBP(quote.totalPence)}` : ""}
    </p>
  );
}

function CalculatorPage({ view, notice }: { view: CalculatorView; notice: string | null }) {
  const { state } = view;
  if (state.type === undefined) return null; // the loader has already redirected
  const copy = serviceTypeCopy(state.type);
  return (
    // The phone estimate sticks to the bottom of the screen while the page is in view, and stops above the footer.
    <div>
      <div className="container-page py-10 sm:py-14">
        <p className="eyebrow">Price quote · {copy.name}</p>
        <h1 className="mt-3 text-4xl leading-tight sm:text-5xl">{copy.quoteTitle}</h1>
        <p className="mt-3 text-sm text-muted">
          {state.mode === "stylist" ? "For a stylist of your choice." : "By stylist level."}{" "}
          <a
            href={stateHref(SELECTOR_PATH, state)}
            className="font-semibold text-accent-dark underline underline-offset-2"
          >
            Change how you get your quote
          </a>
          <span aria-hidden="true"> · </span>
          <a href={PRICES_PATH} className="font-semibold text-accent-dark underline underline-offset-2">
            Choose a different service
          </a>
        </p>

        <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="space-y-5">
            <ProgressLine view={view} />
            {view.closedLevelNotice ? (
              <p role="status" className="rounded-xl border border-accent/40 bg-blush/60 p-4 text-sm font-medium">
                {view.closedLevelNotice}{" "}
                <a
                  href={calculatorHref(state, "level")}
                  className="font-semibold text-accent-dark underline underline-offset-2"
                >
                  Choose a level
                </a>
              </p>
            ) : null}
            {notice ? (
              <p role="status" className="rounded-xl border border-accent/40 bg-blush/60 p-4 text-sm font-medium">
                {notice}
              </p>
            ) : null}
            <CalculatorSteps view={view} />
          </div>
          <QuotePanel view={view} />
        </div>
      </div>
      <PhoneEstimate view={view} />
      <TotalAnnouncement view={view} />
    </div>
  );
}

/**
 * Moves the focus to the heading of the step a link went to (its own heading,
 * or the one inside it), so keyboard and screen-reader users carry on from
 * there, and brings it into view, without animation for those who ask for less motion.
 */
function focusHeading(id: string, scroll: boolean) {
  const target = document.getElementById(id);
  const selector = `[${STEP_HEADING}]`;
  const heading = target?.matches(selector) ? target : target?.querySelector<HTMLElement>(selector);
  if (!target || !heading) return;
  heading.focus({ preventScroll: true });
  if (scroll) {
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ behavior: reduced ? "auto" : "smooth", block: "start" });
  }
}

/** Runs `then` after the next frame has been painted; the function returned cancels it if it has not run yet. */
function afterPaint(then: () => void): () => void {
  let timer: number | undefined;
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(then);
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}
