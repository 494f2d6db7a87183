import { Link, NavLink, type NavLinkClassName } from "~/components/link";
import { part } from "~/enhance/define-element";
import { DISCLOSURE } from "~/enhance/disclosure";
import { ChevronIcon } from "./icons";
import { Wordmark } from "./wordmark";

interface NavItem {
  to: string;
  label: string;
}

const moreItems: NavItem[] = [
  { to: "/online-shop", label: "Online Shop" },
  { to: "/team", label: "Team" },
  { to: "/blog", label: "Blog" },
  { to: "/reviews", label: "Reviews" },
  { to: "/recruitment", label: "Recruitment" },
];
const modelsItem: NavItem = { to: "/models", label: "Models" };

function mainItems(hideOffers: boolean): NavItem[] {
  return [
    { to: "/", label: "Home" },
    { to: "/about", label: "About" },
    { to: "/prices", label: "Prices" },
    { to: "/refer-a-friend", label: "Referrals" },
    ...(hideOffers ? [] : [{ to: "/offers", label: "Offers" }]),
  ];
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3 py-2 text-sm font-medium transition-colors hover:text-accent-dark ${isActive ? "text-accent-dark underline decoration-2 underline-offset-8" : "text-ink"}`;

function Chevron() {
  return <ChevronIcon className="size-3 transition-transform group-open:rotate-180" />;
}

/** A list's links, one item each; Home is current only on the home page itself. */
function NavItems({ items, linkClass }: { items: NavItem[]; linkClass: NavLinkClassName }) {
  return items.map((item) => (
    <li key={item.to}>
      <NavLink to={item.to} end={item.to === "/"} className={linkClass}>
        {item.label}
      </NavLink>
    </li>
  ));
}

/** The links of a menu, then Models, set apart from them by a rule. */
function MenuLinks({ items, linkClass, ruleClass }: { items: NavItem[]; linkClass: string; ruleClass: string }) {
  return (
    <>
      <NavItems items={items} linkClass={linkClass} />
      <li className={ruleClass}>
        <NavLink to={modelsItem.to} className={linkClass}>
          {modelsItem.label}
        </NavLink>
      </li>
    </>
  );
}

function BookAndContact({ bookingUrl }: { bookingUrl: string }) {
  return (
    <>
      <a href={bookingUrl} className="btn-primary" rel="noopener">
        Book Now
      </a>
      <NavLink to="/contact" className="btn-outline">
        Contact Us
      </NavLink>
    </>
  );
}

/**
 * The menus are <details> disclosures: they open and close by keyboard and
 * without JavaScript, and app/enhance/disclosure.ts adds Escape, closing on
 * a click or focus elsewhere, and closing when a link is followed.
 */
export function SiteNav({
  hideOffers,
  bookingUrl,
  places,
}: {
  hideOffers: boolean;
  bookingUrl: string;
  /** The towns the salons are in, named under the wordmark. */
  places: string;
}) {
  const items = mainItems(hideOffers);

  return (
    <header className="sticky top-0 z-40 border-b border-line/70 bg-ivory/95 backdrop-blur">
      <nav aria-label="Main" className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="flex shrink-0 items-center rounded-lg">
          <Wordmark places={places} />
        </Link>

        <ul className="hidden items-center gap-1 lg:flex">
          <NavItems items={items} linkClass={linkClass} />
          <li>
            <details {...part(DISCLOSURE)} className="group relative" data-testid="more-menu">
              <summary className="flex cursor-pointer list-none items-center gap-1 rounded-full px-3 py-2 text-sm font-medium hover:text-accent-dark [&::-webkit-details-marker]:hidden">
                More <Chevron />
              </summary>
              <ul className="absolute right-0 mt-2 w-52 rounded-2xl border border-line bg-white p-2 shadow-lg">
                <MenuLinks
                  items={moreItems}
                  linkClass="block rounded-xl px-3 py-2 text-sm hover:bg-sand"
                  ruleClass="mt-2 border-t border-line pt-2"
                />
              </ul>
            </details>
          </li>
        </ul>

        <div className="hidden items-center gap-2 lg:flex">
          <BookAndContact bookingUrl={bookingUrl} />
        </div>

        <details {...part(DISCLOSURE)} className="group lg:hidden" data-testid="phone-menu">
          <summary className="btn-outline cursor-pointer list-none px-4 [&::-webkit-details-marker]:hidden">
            Menu <Chevron />
          </summary>
          <div className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-line bg-ivory px-5 pt-2 pb-6 shadow-lg">
            <ul className="divide-y divide-line/70">
              <MenuLinks
                items={[...items, ...moreItems]}
                linkClass="block py-3 text-base font-medium"
                ruleClass="border-t-2 border-line"
              />
            </ul>
            <div className="mt-4 grid grid-cols-2 gap-3">
              <BookAndContact bookingUrl={bookingUrl} />
            </div>
          </div>
        </details>
      </nav>
    </header>
  );
}
