import { isCurrent, Link, NavLink, type NavLinkClassName } from "~/components/link";
import { Island } from "./island";
import { type MenuLink, NavMenu } from "./nav-menu";
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

/** A list's links, one item each; Home is current only on the home page itself. */
function NavItems({ items, linkClass, pathname }: { items: NavItem[]; linkClass: NavLinkClassName; pathname: string }) {
  return items.map((item) => (
    <li key={item.to}>
      <NavLink to={item.to} end={item.to === "/"} pathname={pathname} className={linkClass}>
        {item.label}
      </NavLink>
    </li>
  ));
}

/** A menu's link, with whether it is the page being shown worked out here, for the island. */
function menuLink(pathname: string, item: NavItem): MenuLink {
  return { href: item.to, label: item.label, current: isCurrent(pathname, item.to, item.to === "/") };
}

const contactItem: NavItem = { to: "/contact", label: "Contact Us" };

/**
 * Which of the navigation's links lead to the page at `pathname`, as one
 * string: the navigation's markup depends on the address through this alone,
 * so pages with the same key share it (./site-frame.server.tsx).
 */
export function currentNavKey(pathname: string): string {
  return [...mainItems(false), ...moreItems, modelsItem, contactItem]
    .filter((item) => isCurrent(pathname, item.to, item.to === "/"))
    .map((item) => item.to)
    .join(" ");
}

/** The class of the site's header, around SiteNav. */
export const SITE_HEADER_CLASS = "sticky top-0 z-40 border-b border-line/70 bg-ivory/95 backdrop-blur";

/**
 * The site's navigation, inside its header (SITE_HEADER_CLASS), for the page
 * at `pathname`. The menus are <details> disclosures, which open and close by
 * keyboard and without JavaScript; each is a nav-menu island
 * (app/components/nav-menu.tsx), which adds Escape, closing on a click or
 * focus elsewhere, and closing when a link is followed.
 */
export function SiteNav({
  hideOffers,
  bookingUrl,
  places,
  pathname,
}: {
  hideOffers: boolean;
  bookingUrl: string;
  /** The towns the salons are in, named under the wordmark. */
  places: string;
  pathname: string;
}) {
  const items = mainItems(hideOffers);
  const link = (item: NavItem) => menuLink(pathname, item);

  return (
    <nav aria-label="Main" className="container-page flex h-16 items-center justify-between gap-4">
      <Link to="/" className="flex shrink-0 items-center rounded-lg">
        <Wordmark places={places} />
      </Link>

      <ul className="hidden items-center gap-1 lg:flex">
        <NavItems items={items} linkClass={linkClass} pathname={pathname} />
        <li>
          <Island
            name="nav-menu"
            component={NavMenu}
            props={{ variant: "more", links: moreItems.map(link), models: link(modelsItem) }}
          />
        </li>
      </ul>

      <div className="hidden items-center gap-2 lg:flex">
        <a href={bookingUrl} className="btn-primary" rel="noopener">
          Book Now
        </a>
        <NavLink to={contactItem.to} pathname={pathname} className="btn-outline">
          {contactItem.label}
        </NavLink>
      </div>

      <Island
        name="nav-menu"
        component={NavMenu}
        props={{
          variant: "phone",
          links: [...items, ...moreItems].map(link),
          models: link(modelsItem),
          bookingUrl,
          contact: link(contactItem),
        }}
      />
    </nav>
  );
}
