import { Link } from "~/components/link";
import { BackArrow } from "./return-link";

/**
 * "Back" on the COVID guidelines page: a plain link to `fallback`, with no
 * script. It used to become a history-back button in the browser, but the
 * page is reached from `fallback` nearly always, where the link leads
 * anyway, and a visitor from elsewhere had to get the link regardless: a
 * script on an otherwise static page for no gain.
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
  return (
    <Link to={fallback} className={className}>
      <BackArrow />
      {children}
    </Link>
  );
}
