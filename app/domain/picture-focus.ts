/**
 * A picture's focal point: the spot (a face, usually) that must stay in view
 * wherever a page crops the picture into a box of its own shape. Kept as
 * whole percentages of the width and height from the top left, 50/50 being
 * the middle. Pages apply it as CSS `object-position` on an `object-fit:
 * cover` image: with `object-position: x% y%` the point x% across the picture
 * lands x% across the box, so it is always inside the box whatever the two
 * shapes. No Zod here: the console's chooser runs in the browser.
 */

export interface Focus {
  x: number;
  y: number;
}

const CENTRE: Focus = { x: 50, y: 50 };

/** A percentage made whole and kept within 0–100. */
const clampPercent = (n: number) => Math.min(100, Math.max(0, Math.round(n)));

/** A picture's focal point, the middle for one stored before there was one. */
export const focusOf = (picture: { focusX?: number; focusY?: number }): Focus => ({
  x: picture.focusX ?? CENTRE.x,
  y: picture.focusY ?? CENTRE.y,
});

/** "30% 20%", for `object-position`. */
export const objectPosition = (focus: Focus) => `${focus.x}% ${focus.y}%`;

/** Where a click or tap at (clientX, clientY) lands on a picture shown whole in `box`. */
export function focusAt(
  box: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): Focus {
  if (box.width <= 0 || box.height <= 0) return CENTRE;
  return {
    x: clampPercent(((clientX - box.left) / box.width) * 100),
    y: clampPercent(((clientY - box.top) / box.height) * 100),
  };
}

/** How far an arrow key moves the point: one percent, ten with Shift. */
const STEP = 1;
const BIG_STEP = 10;

/** The point after a key press, or null for a key that does not move it (Home centres it). */
export function focusAfterKey(focus: Focus, key: string, big: boolean): Focus | null {
  const step = big ? BIG_STEP : STEP;
  switch (key) {
    case "ArrowLeft":
      return { x: clampPercent(focus.x - step), y: focus.y };
    case "ArrowRight":
      return { x: clampPercent(focus.x + step), y: focus.y };
    case "ArrowUp":
      return { x: focus.x, y: clampPercent(focus.y - step) };
    case "ArrowDown":
      return { x: focus.x, y: clampPercent(focus.y + step) };
    case "Home":
      return CENTRE;
    default:
      return null;
  }
}

/** "30% across, 20% down": what the chooser announces and the audit log records. */
export const focusText = (focus: Focus) => `${focus.x}% across, ${focus.y}% down`;
