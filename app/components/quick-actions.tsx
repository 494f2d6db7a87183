import { Link } from "~/components/link";
import type { BookAt } from "~/components/page-handle";

/**
 * Paths that go without the phone bar of quick actions: the link hub, which
 * is itself a column of the same links, and the calculator's steps, which
 * end in their own next step and total. Everything else public has it.
 */
const WITHOUT_QUICK_ACTIONS = [
  /^\/link-tree\/?$/,
  /^\/links\/?$/,
  /^\/prices\/(selector|calculator|total-by-level|total-by-stylist|total-by-price)\/?$/,
  /^\/prices\/finish(\/[^/]*)?\/?$/,
];

export function hasQuickActions(pathname: string): boolean {
  return !WITHOUT_QUICK_ACTIONS.some((pattern) => pattern.test(pathname));
}

const QUICK_ACTIONS_ID = "quick-actions";

/**
 * "Book" and "Get a quote" within a thumb's reach on a phone, on every page
 * that has them (hasQuickActions). Fixed to the foot of the screen below the
 * large-screen breakpoint, where the header shows Book Now itself; app.css
 * pads the page by the bar's height and the safe area, keeps focused
 * controls clear of it, and takes it away while a form field has the focus,
 * so it never sits over what is being typed or over the on-screen keyboard.
 * It follows the header in the document, so it is also two Tab presses away.
 * "Book" goes to the main salon, or where the page says it books (usePageBookAt).
 */
export function QuickActions({ book }: { book: BookAt }) {
  return (
    <nav
      id={QUICK_ACTIONS_ID}
      aria-label="Book or get a quote"
      className="quick-actions fixed inset-x-0 bottom-0 z-30 border-t border-line bg-ivory/95 shadow-[0_-4px_16px_rgba(31,27,22,0.06)] backdrop-blur lg:hidden"
    >
      <div className="container-page grid grid-cols-2 gap-3 pt-2.5">
        <a href={book.href} className="btn-primary" rel="noopener">
          Book<span className="sr-only"> {book.label}</span>
        </a>
        <Link to="/prices" className="btn-outline bg-white">
          Get a quote
        </Link>
      </div>
    </nav>
  );
}
