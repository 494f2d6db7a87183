import { Link } from "react-router";
import { showsHours } from "~/components/page-handle";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { OpeningHours } from "~/components/site-footer";
import { MAIN_SALON_ID, openingDays } from "~/domain/salon-info";
import { getSalon } from "~/server/queries/catalogue.server";
import type { Route } from "./+types/reopening";

export const handle = showsHours;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "We're back",
    description:
      "Maison Ivy's salons are open again. Book your appointment online, see our opening hours and how we're keeping you safe.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const main = await getSalon(context.db, MAIN_SALON_ID);
  return { bookingUrl: main?.bookingUrl ?? null, hours: openingDays(main?.openingHours) };
}

export default function Reopening({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro
        eyebrow="Reopening"
        title="We're back!"
        lead={
          <p>
            Our doors are open again and we couldn't be happier to see you. Thank you for your patience and kind
            messages while we were closed: they meant the world to the whole team.
          </p>
        }
      >
        {loaderData.bookingUrl ? (
          <a href={loaderData.bookingUrl} className="btn-accent" rel="noopener">
            Book your appointment
          </a>
        ) : null}
        <Link to="/corona" className="btn-outline">
          How we keep you safe
        </Link>
      </PageIntro>
      <div className="container-page grid gap-12 py-14 md:grid-cols-2">
        <section aria-labelledby="reopening-what" className="max-w-prose">
          <h2 id="reopening-what" className="text-2xl">
            What to expect
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed">
            <p>
              Appointments are filling quickly, so book online as soon as you can. If you can't find a time that suits,
              call us and we'll add you to the waiting list for cancellations.
            </p>
            <p>
              If it's been more than 6 months since your last colour, we'll need a quick skin test at least 48 hours
              before your appointment. Pop in at any time during opening hours: it takes five minutes.
            </p>
          </div>
        </section>
        <section aria-labelledby="reopening-hours">
          <h2 id="reopening-hours" className="text-2xl">
            Opening hours
          </h2>
          <OpeningHours days={loaderData.hours} className="mt-4 text-base" />
        </section>
      </div>
    </>
  );
}
