import { CAROUSEL_PARTS, type CarouselAction } from "~/enhance/carousel-parts";
import { part } from "~/enhance/define-element";

/**
 * A carousel's Previous, Pause or Next: the visible word, and what it moves
 * for a screen reader ("Next review"). The custom element around it finds it
 * by its action.
 */
export function CarouselButton({
  action,
  what,
  children,
}: {
  action: CarouselAction;
  what: string;
  children: React.ReactNode;
}) {
  return (
    <button type="button" {...part(CAROUSEL_PARTS.action, action)} className="btn-outline min-h-10 px-4 py-1.5">
      {children}
      <span className="sr-only"> {what}</span>
    </button>
  );
}
