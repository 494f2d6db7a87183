import { Link } from "~/components/link";
import { telHref } from "~/domain/format";
import { type OpeningDay, SOCIAL_LINKS } from "~/domain/salon-info";
import type { SalonFacts } from "~/domain/structured-data";

export type FooterSalon = Pick<SalonFacts, "id" | "name" | "address" | "town" | "postcode" | "telephone">;

/** `today`: the day to highlight, 0 for Monday to 6 for Sunday (UK time), or none. */
export function OpeningHours({
  days,
  today,
  className = "",
}: {
  days: readonly OpeningDay[];
  today?: number;
  className?: string;
}) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm ${className}`}>
      {days.map((d, i) =>
        i === today ? (
          <div key={d.day} className="contents" data-today="">
            <dt className="-mx-2 rounded-l bg-blush px-2 font-semibold">
              {d.day} <span className="text-xs font-medium uppercase tracking-wide">(today)</span>
            </dt>
            <dd className="-mr-2 rounded-r bg-blush pr-2 font-semibold">{d.label}</dd>
          </div>
        ) : (
          <div key={d.day} className="contents">
            <dt className="font-medium">{d.day}</dt>
            <dd>{d.label}</dd>
          </div>
        ),
      )}
    </dl>
  );
}

/** The class of the site's footer, around SiteFooter. */
export const SITE_FOOTER_CLASS = "mt-24 border-t border-line bg-sand/60";

/**
 * What the site's footer (SITE_FOOTER_CLASS) holds. `hours`: the main
 * salon's week, or null on a page that shows the opening hours itself, so
 * they never appear twice. `groupLine` is the brand's one description of the
 * group (app/domain/brand.ts); `year`, the year of the copyright line.
 */
export function SiteFooter({
  salons,
  hours,
  groupLine,
  year,
}: {
  salons: FooterSalon[];
  hours: readonly OpeningDay[] | null;
  groupLine: string;
  year: number;
}) {
  return (
    <>
      <div className={`container-page grid gap-10 py-14 ${hours ? "md:grid-cols-3" : "md:grid-cols-2"}`}>
        {hours ? (
          <section aria-labelledby="footer-hours">
            <h2 id="footer-hours" className="text-xl">
              Opening hours
            </h2>
            <OpeningHours days={hours} className="mt-4" />
          </section>
        ) : null}
        <section aria-labelledby="footer-salons">
          <h2 id="footer-salons" className="text-xl">
            Our salons
          </h2>
          <ul className="mt-4 space-y-4 text-sm">
            {salons.map((s) => (
              <li key={s.id}>
                <p className="font-medium">{s.name}</p>
                <p className="text-muted">
                  {s.address}, {s.town} {s.postcode}
                </p>
                <a className="underline underline-offset-2" href={telHref(s.telephone)}>
                  {s.telephone}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-more">
          <h2 id="footer-more" className="text-xl">
            Stay in touch
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <Link className="underline underline-offset-2" to="/contact">
                Contact us
              </Link>
            </li>
            <li>
              <Link className="underline underline-offset-2" to="/prices">
                Get a price quote
              </Link>
            </li>
            <li>
              <Link className="underline underline-offset-2" to="/privacy">
                Privacy notice
              </Link>
            </li>
            <li>
              <Link className="underline underline-offset-2" to="/accessibility">
                Accessibility statement
              </Link>
            </li>
            {SOCIAL_LINKS.map((s) => (
              <li key={s.name}>
                <a className="underline underline-offset-2" href={s.href} rel="noopener">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="container-page pb-8 text-xs text-muted">
        © {year} Maison Ivy Hair: {groupLine}.
      </p>
    </>
  );
}
