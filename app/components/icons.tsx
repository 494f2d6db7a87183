import type { ComponentProps } from "react";

/**
 * A line drawing in the colour of the text around it, on a square grid of
 * `box` units. Hidden from screen readers: the words beside it say what it means.
 */
export function LineIcon({ box, strokeWidth = 1.6, ...svg }: { box: number } & ComponentProps<"svg">) {
  return (
    <svg
      aria-hidden="true"
      viewBox={`0 0 ${box} ${box}`}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      {...svg}
    />
  );
}

/** The tick of a list of benefits and of a sent form. */
export function TickIcon({ className }: { className: string }) {
  return (
    <LineIcon box={20} className={className} strokeWidth={2.2}>
      <path d="m4 10.5 3.5 3.5L16 5.5" strokeLinecap="round" strokeLinejoin="round" />
    </LineIcon>
  );
}

/** The downward arrow of a menu or a drop-down list. */
export function ChevronIcon({ className }: { className: string }) {
  return (
    <LineIcon box={12} className={className}>
      <path d="M2 4l4 4 4-4" />
    </LineIcon>
  );
}

/** The left-pointing arrow of every "Back" on the site. */
export function BackArrow() {
  return (
    <LineIcon box={16} className="size-4">
      <path d="M10 3L5 8l5 5" />
    </LineIcon>
  );
}
