/** A link with a hash scrolls to its element after 500 ms, once the page has settled. */
const HASH_SCROLL_DELAY_MS = 500;

/** Input that means the visitor is scrolling for themselves: we must not pull them back. */
const VISITOR_SCROLL_EVENTS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

function targetOf(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null; // a malformed escape such as "#%E0%A4%A" names no element
  }
}

/**
 * 500 ms after arriving at an address with a hash, by which time images,
 * fonts and late content have settled, bring the element into view, smoothly
 * unless the visitor prefers reduced motion. If the visitor starts scrolling
 * in the meantime, leave them be. Returns a function that cancels it.
 */
export function scrollToHashLater(hash: string): () => void {
  if (!hash || hash === "#") return () => undefined;
  let timer = 0;
  const stop = () => {
    window.clearTimeout(timer);
    for (const type of VISITOR_SCROLL_EVENTS) window.removeEventListener(type, stop);
  };
  for (const type of VISITOR_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
  timer = window.setTimeout(() => {
    stop();
    const target = targetOf(hash);
    if (!target) return;
    // The browser may already have brought it into view (and focused it): don't move it again.
    const top = target.getBoundingClientRect().top;
    if (target.contains(document.activeElement) || (top >= 0 && top < window.innerHeight / 2)) return;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ behavior: reduced ? "auto" : "smooth", block: "start" });
  }, HASH_SCROLL_DELAY_MS);
  return stop;
}
