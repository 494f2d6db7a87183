/**
 * After a choice (a link to `#current-step` or another step's anchor) the
 * open step is new: move focus to its heading, marked `data-step-heading`,
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
  const heading = target?.matches("[data-step-heading]")
    ? target
    : target?.querySelector<HTMLElement>("[data-step-heading]");
  if (!heading) return false;
  heading.focus({ preventScroll: true });
  return true;
}
