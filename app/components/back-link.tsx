import { Link } from "~/components/link";
import { BACK_LINK } from "~/enhance/back-link";
import { part } from "~/enhance/define-element";
import { BackArrow } from "./return-link";

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
  return (
    <back-link>
      <Link to={fallback} className={className} {...part(BACK_LINK.fallback)}>
        <BackArrow />
        {children}
      </Link>
      <button type="button" className={className} hidden {...part(BACK_LINK.back)}>
        <BackArrow />
        {children}
      </button>
    </back-link>
  );
}
