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
export const FUNNEL_OPT_OUT_KEY = "funnel-opt-out";
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

function funnelOptedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.globalPrivacyControl === true || nav.doNotTrack === "1") return true;
  try {
    return storage("localStorage")?.getItem(FUNNEL_OPT_OUT_KEY) != null;
  } catch {
    return false;
  }
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
