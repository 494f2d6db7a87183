import { CardSection } from "~/components/card-section";
import { BookingLink, openingHoursSummary, PhoneLink, SalonAddress } from "~/components/contact-details";
import { Link } from "~/components/link";
import { showsHours } from "~/components/page-handle";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { MAIN_SALON_ID, openingDays } from "~/domain/salon-info";
import { listSalons } from "~/server/queries/catalogue.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/contact";

export const handle = showsHours;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Contact us",
    description:
      "Find Maison Ivy on Market Row, Wrenbridge: our phone number, opening hours (closed Mondays, late nights Wednesday and Thursday) and online booking.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const salons = await listSalons(context.get(requestContext).db);
  const main = salons.find((s) => s.id === MAIN_SALON_ID) ?? salons[0];
  if (!main) throw new Error("No salons in the database");
  return { main, hours: openingHoursSummary(openingDays(main.openingHours)) };
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { main, hours } = loaderData;
  return (
    <>
      <PageIntro
        eyebrow="Contact us"
        title="Come and see us"
        lead="Call, book online or simply drop in: we're happy to talk through what you'd like, whether it's a new colour or just a trim."
      >
        <Link to="/contact-info" className="btn-primary">
          All salons and opening hours
        </Link>
        <BookingLink salon={main} className="btn-outline" />
      </PageIntro>
      <div className="container-page grid gap-6 py-16 md:grid-cols-3">
        <CardSection id="visit" title="Visit">
          <p className="mt-1 text-sm text-muted">{main.name}</p>
          <div className="mt-4">
            <SalonAddress salon={main} />
          </div>
        </CardSection>
        <CardSection id="call" title="Call">
          <p className="mt-1 text-sm text-muted">For bookings and questions</p>
          <p className="mt-4 text-lg">
            <PhoneLink salon={main} />
          </p>
        </CardSection>
        <CardSection id="hours" title="Opening hours">
          <dl className="mt-4 space-y-1 text-sm">
            {hours.map((g) => (
              <div key={g.label} className="flex justify-between gap-4">
                <dt className="font-medium">{g.days}</dt>
                <dd>{g.label}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-sm">
            <Link to="/contact-info#opening-hours" className="underline underline-offset-4">
              Full opening hours and our other salons
            </Link>
          </p>
        </CardSection>
      </div>
    </>
  );
}
