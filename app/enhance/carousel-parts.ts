/**
 * The parts both carousels share (`<review-feed>`, `<shop-carousel>`): the
 * row of buttons, hidden until the element shows it, and each button's action
 * (app/components/carousel-button.tsx renders the buttons).
 */
export const CAROUSEL_PARTS = {
  controls: "data-controls",
  action: "data-action",
} as const;

export type CarouselAction = "previous" | "pause" | "next";
