import { Link } from "react-router";
import { BACK_LINK } from "~/enhance/back-link";
import { part } from "~/enhance/define-element";

/**
 * "Back" that goes one step back in the browser's history (on the
 * COVID guidelines page): a link to `fallback` for a visitor without JavaScript,
 * swapped for a button by `<back-link>` (app/enhance/back-link.ts).
 */
export function BackLink({
  fallback,
  children = "Back",
  className = "btn-outline",
}: {
  fallback: string;
  children?: React.ReactNode;
  className?: string;
}) {
  const arrow = (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.6">
      <path d="M10 3L5 8l5 5" />
    </svg>
  );
  return (
    <back-link>
      <Link to={fallback} className={className} {...part(BACK_LINK.fallback)}>
        {arrow}
        {children}
      </Link>
      <button type="button" className={className} hidden {...part(BACK_LINK.back)}>
        {arrow}
        {children}
      </button>
    </back-link>
  );
}
