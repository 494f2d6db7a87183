import { data } from "react-router";
import { CardSection } from "~/components/card-section";
import { BookingLink, PhoneLink, SalonAddress } from "~/components/contact-details";
import { JsonLd } from "~/components/json-ld";
import { Link } from "~/components/link";
import { contentErrorBoundary } from "~/components/not-found-notice";
import { showsHours } from "~/components/page-handle";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { ReturnLink } from "~/components/return-link";
import { OpeningHours } from "~/components/site-footer";
import { mapSearchUrl } from "~/domain/external-links";
import { teamPath } from "~/domain/paths";
import { salonIdOfSlug } from "~/domain/salon-ids";
import { openingDays } from "~/domain/salon-info";
import { londonWeekday } from "~/domain/salon-time";
import { hairSalonJsonLd } from "~/domain/structured-data";
import { now } from "~/server/clock.server";
import { config } from "~/server/config.server";
import { getSalon } from "~/server/queries/catalogue.server";
import { listNotices, listTeam } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/salon";

export const handle = showsHours;

/**
 * One salon's page (/salons/kestwick): its address, phone, week with today
 * (UK time) marked, team, map and booking links, and its opening notices
 * showing today. Public and the same for everyone, so the response cache
 * keeps it like the other content pages.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(requestContext);
  const id = salonIdOfSlug(params.slug);
  const salon = id === null ? undefined : await getSalon(db, id);
  if (!salon) throw data("No such salon", { status: 404 });
  const [team, notices] = await Promise.all([listTeam(db), listNotices(db)]);
  return {
    salon,
    // The phone bar's Book on a salon's page books that salon (page-handle.ts).
    bookAt: { href: salon.bookingUrl, label: `at ${salon.name}` },
    days: openingDays(salon.openingHours),
    today: londonWeekday(now()),
    team: team
      .filter((m) => m.salonId === salon.id)
      .map((m) => ({ slug: m.slug, name: `${m.firstName} ${m.lastName}`, levelName: m.levelName })),
    // Its opening notices: a reopening showing today, for this salon or (no salon named) for every salon.
    // A stylist's transfer or departure is about the stylist, and stays on the team's pages.
    notices: notices
      .filter((n) => n.kind === "reopening" && (n.fromSalonId === null || n.fromSalonId === salon.id))
      .map((n) => ({ path: n.path, title: n.title })),
    mapUrl: mapSearchUrl(salon),
    structuredData: hairSalonJsonLd(salon, config().PUBLIC_URL),
  };
}

export const meta: Route.MetaFunction = (args) => {
  const salon = args.loaderData?.salon;
  if (!salon) {
    return seo(args, {
      title: "Salon not found",
      description: "We couldn't find that salon. All three Maison Ivy salons are on our contact page.",
      noIndex: true,
    });
  }
  return seo(args, {
    title: `${salon.name}, ${salon.town}`,
    description: `${salon.name} at ${salon.address}, ${salon.town} ${salon.postcode}: opening hours, phone, the team, directions and online booking.`,
  });
};

export default function Salon({ loaderData }: Route.ComponentProps) {
  const { salon, days, today, team, notices, mapUrl, structuredData } = loaderData;
  return (
    <>
      <JsonLd data={structuredData} />
      <PageIntro
        eyebrow="Our salons"
        title={salon.name}
        lead={
          <>
            <SalonAddress salon={salon} />
            <p className="mt-3">
              <PhoneLink salon={salon} />
            </p>
          </>
        }
      >
        <BookingLink salon={salon} />
        <a href={mapUrl} rel="noopener" className="btn-outline">
          Open in maps<span className="sr-only"> ({salon.name})</span>
        </a>
      </PageIntro>

      {notices.length > 0 ? (
        <section aria-labelledby="notices-heading" className="container-page mt-12">
          <h2 id="notices-heading" className="text-2xl">
            Opening news
          </h2>
          <ul className="mt-4 space-y-2">
            {notices.map((n) => (
              <li key={n.path}>
                <Link to={n.path} className="underline underline-offset-4">
                  {n.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="container-page mt-12 grid gap-6 md:grid-cols-2">
        <CardSection id="opening-hours" title="Opening hours" className="scroll-mt-24">
          <OpeningHours days={days} today={today} className="mt-5 text-base" />
        </CardSection>
        <CardSection id="team" title={`The team at ${salon.shortName}`}>
          {team.length > 0 ? (
            <ul className="mt-5 space-y-2">
              {team.map((m) => (
                <li key={m.slug}>
                  <Link to={teamPath(m.slug)} className="font-medium underline underline-offset-4">
                    {m.name}
                  </Link>
                  <span className="text-muted">, {m.levelName}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-5 text-muted">Our stylists here are on the team page.</p>
          )}
        </CardSection>
      </div>

      <div className="container-page mt-12">
        <ReturnLink to="/contact-info">All our salons</ReturnLink>
      </div>
    </>
  );
}

export const ErrorBoundary = contentErrorBoundary({
  title: "We couldn't find that salon",
  message:
    "The link may be mistyped. Every Maison Ivy salon, with its address, phone and hours, is on our contact page.",
  links: [
    { to: "/contact-info", label: "See all our salons" },
    { to: "/team-info", label: "Meet the team" },
    { to: "/", label: "Home" },
  ],
});
