/**
 * The browser's side of the funnel (decision 076): where the visitor came
 * from, kept for the tab in sessionStorage (never a cookie) from the page
 * they landed on until the quote is saved, and the calculator's steps sent
 * with navigator.sendBeacon to this site only. Nothing is kept or sent when
 * the browser asks not to be followed (Global Privacy Control, Do Not Track)
 * or the visitor said no on /privacy (localStorage).
 */
import { type Attribution, attributionOfLanding, type BeaconStep, cleanAttribution } from "~/domain/funnel";

/** The /privacy page's switch writes this key; any value means no. */
const OPT_OUT_KEY = "funnel-opt-out";
const FROM_KEY = "funnel-from";
const SENT_KEY = "funnel-sent-";
const BEACON_PATH = "/api/funnel";

/** Storage can be switched off or full: the funnel never gets in the way. */
function storage(kind: "localStorage" | "sessionStorage"): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

/** The browser asks sites not to follow it: Global Privacy Control or Do Not Track. */
export function browserObjects(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.globalPrivacyControl === true || nav.doNotTrack === "1";
}

/** The visitor said no with the switch on /privacy, in this browser (false when storage is refused). */
export function optedOutHere(): boolean {
  try {
    return storage("localStorage")?.getItem(OPT_OUT_KEY) != null;
  } catch {
    return false;
  }
}

/** Keeps the visitor's no (or forgets it) in this browser's localStorage; refused storage changes nothing. */
export function setOptedOutHere(out: boolean): void {
  try {
    if (out) storage("localStorage")?.setItem(OPT_OUT_KEY, "1");
    else storage("localStorage")?.removeItem(OPT_OUT_KEY);
  } catch {
    // Storage refused: the switch shows the choice still in force.
  }
}

function funnelOptedOut(): boolean {
  return browserObjects() || optedOutHere();
}

/** Keeps the first landing of the tab's visit that says where it came from. */
export function rememberLanding(): void {
  if (funnelOptedOut()) return;
  const session = storage("sessionStorage");
  try {
    if (!session || session.getItem(FROM_KEY)) return;
    const found = attributionOfLanding(window.location.href, document.referrer);
    if (found) session.setItem(FROM_KEY, JSON.stringify(found));
  } catch {
    // Storage full or refused: the quote is saved without a source.
  }
}

/** Where the visitor came from, as kept for this tab (empty when opted out or unknown). */
export function landingAttribution(): Attribution {
  if (funnelOptedOut()) return {};
  try {
    const kept = storage("sessionStorage")?.getItem(FROM_KEY);
    return kept ? cleanAttribution(JSON.parse(kept) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Sends a step once per tab; the server counts it once per visitor and day whatever arrives. */
export function sendStep(step: BeaconStep, at: { salon?: number; level?: number; stylist?: string }): void {
  if (funnelOptedOut() || typeof navigator.sendBeacon !== "function") return;
  const session = storage("sessionStorage");
  try {
    if (session?.getItem(SENT_KEY + step)) return;
    // A plain string goes as text/plain: a simple request, no preflight.
    if (navigator.sendBeacon(BEACON_PATH, JSON.stringify({ step, ...at, ...landingAttribution() })))
      session?.setItem(SENT_KEY + step, "1");
  } catch {
    // A beacon refused is a step not counted, nothing more.
  }
}
