import { redirect } from "react-router";
import { Link } from "~/components/link";
import { showsHours } from "~/components/page-handle";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { OpeningHours } from "~/components/site-footer";
import { MAIN_SALON_ID, openingDays } from "~/domain/salon-info";
import { paragraphsOf } from "~/domain/staff/site-content";
import { getSalon } from "~/server/queries/catalogue.server";
import { getNotice } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/reopening";

export const handle = showsHours;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: args.loaderData?.title ?? "We're back",
    description:
      "Maison Ivy's salons are open again. Book your appointment online, see our opening hours and how we're keeping you safe.",
  });

/** The reopening notice's words are a row staff edit; outside its publish dates the address goes home. */
export async function loader({ context }: Route.LoaderArgs) {
  const [notice, main] = await Promise.all([
    getNotice(context.get(requestContext).db, "/reopening"),
    getSalon(context.get(requestContext).db, MAIN_SALON_ID),
  ]);
  if (!notice) throw redirect("/", 302);
  return {
    title: notice.title,
    lead: notice.lead,
    paragraphs: paragraphsOf(notice.body),
    bookingUrl: main?.bookingUrl ?? null,
    hours: openingDays(main?.openingHours),
  };
}

export default function Reopening({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro
        eyebrow="Reopening"
        title={loaderData.title}
        lead={loaderData.lead ? <p>{loaderData.lead}</p> : undefined}
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
            {loaderData.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
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
