import { Link } from "~/components/link";
import { LineIcon } from "./icons";

/** The left-pointing arrow of every "Back" on the site. */
export function BackArrow() {
  return (
    <LineIcon box={16} className="size-4">
      <path d="M10 3L5 8l5 5" />
    </LineIcon>
  );
}

/**
 * "Back to the team" and the like: a plain link to the page this one belongs
 * to, with the back arrow.
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
