import { CardSection } from "~/components/card-section";
import { BookingLink, PhoneLink, SalonAddress } from "~/components/contact-details";
import { JsonLd } from "~/components/json-ld";
import { Link } from "~/components/link";
import { showsHours } from "~/components/page-handle";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { ReturnLink } from "~/components/return-link";
import { OpeningHours } from "~/components/site-footer";
import { groupLine, sentence } from "~/domain/brand";
import { salonPath } from "~/domain/paths";
import { salonSlugOf } from "~/domain/salon-ids";
import { openingDays } from "~/domain/salon-info";
import { hairSalonJsonLd } from "~/domain/structured-data";
import { config } from "~/server/config.server";
import { loadBrand } from "~/server/queries/brand.server";
import { listSalons } from "~/server/queries/catalogue.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/contact-info";

export const handle = showsHours;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Contact and opening hours",
    description:
      "Addresses, phone numbers and opening hours for Maison Ivy Wrenbridge, Maison Ivy Kestwick and The Ivy Academy, with online booking and the booking app.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const [salons, brand] = await Promise.all([
    listSalons(context.get(requestContext).db),
    loadBrand(context.get(requestContext).db),
  ]);
  const origin = config().PUBLIC_URL;
  const weeks = salons.map((s) => ({ name: s.name, days: openingDays(s.openingHours) }));
  const shared = weeks.every((w) => JSON.stringify(w.days) === JSON.stringify(weeks[0]?.days));
  return {
    salons: salons.map((s) => ({ ...s, slug: salonSlugOf(s.id) })),
    // Every salon keeps the same hours (as seeded): one list; otherwise one per salon.
    hours: shared ? weeks.slice(0, 1).map((w) => ({ ...w, name: null })) : weeks,
    groupLine: sentence(groupLine(brand)),
    structuredData: salons.map((s) => hairSalonJsonLd(s, origin)),
  };
}

export default function ContactInfo({ loaderData }: Route.ComponentProps) {
  const { salons, hours, structuredData } = loaderData;
  return (
    <>
      {structuredData.map((ld) => (
        <JsonLd key={ld["@id"]} data={ld} />
      ))}
      <PageIntro
        eyebrow="Contact us"
        title="Contact and opening hours"
        lead={`${loaderData.groupLine}, one team. Book online at any time, or call us during opening hours.`}
      />

      <section aria-labelledby="salons-heading" className="container-page py-16">
        {/* Not "Our salons": the footer's list has that name, and two regions of one name cannot be told apart. */}
        <h2 id="salons-heading" className="sr-only">
          Our salons and how to reach them
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {salons.map((salon) => (
            <li key={salon.id} className="card flex flex-col p-6 sm:p-8">
              <h3 className="text-2xl">{salon.name}</h3>
              {salon.slug ? (
                <p className="mt-2 text-sm">
                  <Link to={salonPath(salon.slug)} className="underline underline-offset-4">
                    Hours, team and map for {salon.shortName}
                  </Link>
                </p>
              ) : null}
              <div className="mt-4 text-muted">
                <SalonAddress salon={salon} />
              </div>
              <p className="mt-4">
                <PhoneLink salon={salon} />
              </p>
              {salon.websiteUrl ? (
                <p className="mt-2 text-sm">
                  <a href={salon.websiteUrl} rel="noopener" className="underline underline-offset-4">
                    Visit the {salon.shortName} website
                  </a>
                </p>
              ) : null}
              <p className="mt-auto pt-6">
                <BookingLink salon={salon} />
              </p>
            </li>
          ))}
        </ul>
      </section>

      <div className="container-page grid gap-6 md:grid-cols-2">
        <CardSection id="opening-hours" title="Opening hours" className="scroll-mt-24">
          {hours.map((week) =>
            week.name ? (
              <div key={week.name} className="mt-5">
                <h3 className="text-lg">{week.name}</h3>
                <OpeningHours days={week.days} className="mt-2 text-base" />
              </div>
            ) : (
              <OpeningHours key="all" days={week.days} className="mt-5 text-base" />
            ),
          )}
          <p className="mt-5 text-sm text-muted">
            Late nights on Wednesday and Thursday. Skin tests can be done at the desk any time we're open.
          </p>
        </CardSection>
        <CardSection id="app" title="Book and manage appointments in the booking app" className="bg-blush/60">
          <p className="mt-4 leading-relaxed">
            Our booking provider's free app lets you book, move or cancel appointments, see your upcoming visits and get
            a reminder the day before. Download it from your phone's app store, search for Maison Ivy and sign in with
            the same details you use to book online.
          </p>
          <p className="mt-3 text-sm text-muted">
            Please give us 48 hours' notice if you need to cancel or move an appointment.
          </p>
        </CardSection>
      </div>

      <div className="container-page mt-12">
        <ReturnLink to="/contact">Back to contact</ReturnLink>
      </div>
    </>
  );
}
