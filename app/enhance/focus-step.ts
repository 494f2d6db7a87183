import { selector } from "./define-element";

/** Marks the heading of a calculator step (or the question after it) that takes the focus. */
export const STEP_HEADING = "data-step-heading";

/**
 * After a choice (a link to `#current-step` or another step's anchor) the
 * open step is new: move focus to its heading, marked STEP_HEADING,
 * so keyboard and screen-reader users carry on from there. The browser has
 * already scrolled it into view without animation, so reduced motion is
 * respected. Returns whether it moved focus.
 */
export function focusStepHeading(hash: string): boolean {
  if (hash.length < 2) return false;
  let target: HTMLElement | null;
  try {
    target = document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return false;
  }
  const heading = target?.matches(selector(STEP_HEADING))
    ? target
    : target?.querySelector<HTMLElement>(selector(STEP_HEADING));
  if (!heading) return false;
  heading.focus({ preventScroll: true });
  return true;
}
