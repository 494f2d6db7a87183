import { Outlet, type ShouldRevalidateFunction, useLocation } from "react-router";
import { usePageBookAt, usePageFlag } from "~/components/page-handle";
import { hasQuickActions, QuickActions } from "~/components/quick-actions";
import { SITE_FOOTER_CLASS } from "~/components/site-footer";
import { siteFrame } from "~/components/site-frame.server";
import { SITE_HEADER_CLASS } from "~/components/site-nav";
import { groupLine, sentence } from "~/domain/brand";
import { MAIN_SALON_ID, openingDays, salonPlaces } from "~/domain/salon-info";
import { loadBrand } from "~/server/queries/brand.server";
import { listSalons } from "~/server/queries/catalogue.server";
import { getSiteSettings } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import { sharePublicPage } from "~/server/shared-cache.server";
import type { Route } from "./+types/site-layout";

/** Every public page a shared cache may keep, with the keys of what it shows (decision 119). */
export const middleware: Route.MiddlewareFunction[] = [sharePublicPage];

export async function loader({ context, request }: Route.LoaderArgs) {
  const [salons, settings, brand] = await Promise.all([
    listSalons(context.get(requestContext).db),
    getSiteSettings(context.get(requestContext).db),
    loadBrand(context.get(requestContext).db),
  ]);
  const main = salons.find((s) => s.id === MAIN_SALON_ID) ?? salons[0];
  if (!main) throw new Error("No salons in the database");
  return {
    main: { name: main.name, bookingUrl: main.bookingUrl },
    frame: siteFrame(
      {
        hideOffers: settings.hideOffers,
        bookingUrl: main.bookingUrl,
        places: salonPlaces(salons),
        salons: salons.map(({ id, name, address, town, postcode, telephone }) => ({
          id,
          name,
          address,
          town,
          postcode,
          telephone,
        })),
        /** The main salon's week: the footer's opening hours. */
        hours: openingDays(main.openingHours),
        groupLine: sentence(groupLine(brand)),
      },
      new URL(request.url).pathname,
    ),
  };
}

/** The shell's data (salons, whether offers show) is the same on every page: don't refetch it on each navigation. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? defaultShouldRevalidate : false;

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const hideNav = usePageFlag("hideNav");
  const { pathname } = useLocation();
  const pageShowsHours = usePageFlag("showsHours");
  const bookAt = usePageBookAt();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-full focus:bg-ink focus:px-4 focus:py-2 focus:text-ivory"
      >
        Skip to content
      </a>
      {hideNav ? null : (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own markup of the navigation (site-frame.server.tsx)
        <header className={SITE_HEADER_CLASS} dangerouslySetInnerHTML={{ __html: loaderData.frame.nav }} />
      )}
      {hasQuickActions(pathname) ? (
        <QuickActions book={bookAt ?? { href: loaderData.main.bookingUrl, label: `at ${loaderData.main.name}` }} />
      ) : null}
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <footer
        className={SITE_FOOTER_CLASS}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own markup of the footer (site-frame.server.tsx)
        dangerouslySetInnerHTML={{
          __html: pageShowsHours ? loaderData.frame.footerWithoutHours : loaderData.frame.footer,
        }}
      />
    </>
  );
}
