import { Link } from "react-router";

/**
 * "Back" that goes one step back in the browser's history (on the
 * COVID guidelines page): a link to `fallback` for a visitor without JavaScript,
 * swapped for a button by `<back-link>` (app/enhance/back-link.ts).
 */
export function BackButton({
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
      <Link to={fallback} className={className}>
        {arrow}
        {children}
      </Link>
      <button type="button" className={className} hidden>
        {arrow}
        {children}
      </button>
    </back-link>
  );
}
