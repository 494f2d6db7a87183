import { Link } from "~/components/link";

/** The left-pointing arrow of every "Back" on the site. */
export function BackArrow() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.6">
      <path d="M10 3L5 8l5 5" />
    </svg>
  );
}

/**
 * "Back to the team" and the like: a plain link to the page this one belongs
 * to, with the back arrow. (BackLink is the other kind: one step back in the
 * browser's history.)
 */
export function ReturnLink({
  to,
  children,
  className = "btn-outline",
}: {
  to: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <Link to={to} className={className}>
      <BackArrow />
      {children}
    </Link>
  );
}
