import { Link } from "~/components/link";
import { BackArrow } from "./icons";

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
