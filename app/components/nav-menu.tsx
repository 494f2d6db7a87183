import { ChevronIcon } from "./icons";
import { useDisclosure } from "./use-disclosure";

/** A link of a menu, and whether it leads to the page being shown (worked out on the server). */
export interface MenuLink {
  href: string;
  label: string;
  current: boolean;
}

export interface NavMenuProps {
  /** "more": the wide screen's More menu; "phone": the whole site on a small screen. */
  variant: "more" | "phone";
  links: MenuLink[];
  /** Models, set apart from the other links by a rule. */
  models: MenuLink;
  /** The phone menu ends with Book Now and Contact Us. */
  bookingUrl?: string;
  contact?: MenuLink;
}

function Chevron() {
  return <ChevronIcon className="size-3 transition-transform group-open:rotate-180" />;
}

function MenuItem({ link, className }: { link: MenuLink; className: string }) {
  return (
    <a href={link.href} aria-current={link.current ? "page" : undefined} className={className}>
      {link.label}
    </a>
  );
}

/** The links of a menu, then Models, set apart from them by a rule. */
function MenuLinks({ links, models, linkClass, ruleClass }: NavMenuProps & { linkClass: string; ruleClass: string }) {
  return (
    <>
      {links.map((link) => (
        <li key={link.href}>
          <MenuItem link={link} className={linkClass} />
        </li>
      ))}
      <li className={ruleClass}>
        <MenuItem link={models} className={linkClass} />
      </li>
    </>
  );
}

/**
 * The nav-menu island: a menu of the site's header, a `<details>`
 * disclosure, which opens and closes by keyboard and without JavaScript.
 * Hydrated, Escape closes it and returns the focus to its summary, and it
 * closes on a click or focus elsewhere and when a link is followed
 * (`useDisclosure`).
 */
export function NavMenu(props: NavMenuProps) {
  const disclosure = useDisclosure();
  if (props.variant === "more") {
    return (
      <details ref={disclosure} className="group relative" data-testid="more-menu">
        <summary className="flex cursor-pointer list-none items-center gap-1 rounded-full px-3 py-2 text-sm font-medium hover:text-accent-dark [&::-webkit-details-marker]:hidden">
          More <Chevron />
        </summary>
        <ul className="absolute right-0 mt-2 w-52 rounded-2xl border border-line bg-white p-2 shadow-lg">
          <MenuLinks
            {...props}
            linkClass="block rounded-xl px-3 py-2 text-sm hover:bg-sand"
            ruleClass="mt-2 border-t border-line pt-2"
          />
        </ul>
      </details>
    );
  }
  return (
    <details ref={disclosure} className="group lg:hidden" data-testid="phone-menu">
      <summary className="btn-outline cursor-pointer list-none px-4 [&::-webkit-details-marker]:hidden">
        Menu <Chevron />
      </summary>
      <div className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-line bg-ivory px-5 pt-2 pb-6 shadow-lg">
        <ul className="divide-y divide-line/70">
          <MenuLinks {...props} linkClass="block py-3 text-base font-medium" ruleClass="border-t-2 border-line" />
        </ul>
        <div className="mt-4 grid grid-cols-2 gap-3">
          {props.bookingUrl ? (
            <a href={props.bookingUrl} className="btn-primary" rel="noopener">
              Book Now
            </a>
          ) : null}
          {props.contact ? <MenuItem link={props.contact} className="btn-outline" /> : null}
        </div>
      </div>
    </details>
  );
}
