import { Link } from "~/components/link";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { telHref } from "~/domain/format";
import { MAIN_SALON_ID } from "~/domain/salon-info";
import { getSalon } from "~/server/queries/catalogue.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/bookings";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Booking guide",
    description:
      "How to book at Maison Ivy: new and existing clients, colour and skin tests, cutting and styling, and our cancellation policy.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const main = await getSalon(context.get(requestContext).db, MAIN_SALON_ID);
  return { booking: main ? { url: main.bookingUrl, telephone: main.telephone } : null };
}

export default function Bookings({ loaderData }: Route.ComponentProps) {
  const { booking } = loaderData;
  const bookButton = booking ? (
    <a href={booking.url} className="btn-accent" rel="noopener">
      Book online
    </a>
  ) : null;
  return (
    <>
      <PageIntro
        eyebrow="Bookings"
        title="Welcome! Here's how to book"
        lead={
          <p>A few things to know before you choose your appointment, so your visit is exactly what you hoped for.</p>
        }
      >
        {bookButton}
        <Link to="/prices" className="btn-outline">
          Get a price quote first
        </Link>
      </PageIntro>

      <div className="container-page space-y-16 py-14">
        <section aria-labelledby="who-are-you">
          <h2 id="who-are-you" className="text-3xl">
            Are you new to us?
          </h2>
          <div className="mt-8 grid gap-6 md:grid-cols-2">
            <div className="card p-6">
              <h3 className="text-xl">New clients</h3>
              <p className="mt-3 leading-relaxed text-muted">
                Welcome! If you haven't visited any of our salons in the last 18 months, book as a new client. Not sure
                which stylist to choose? Our{" "}
                <Link to="/prices" className="text-accent-dark underline underline-offset-2">
                  price calculator
                </Link>{" "}
                matches you with stylists in your budget, and our{" "}
                <Link to="/team-info" className="text-accent-dark underline underline-offset-2">
                  team page
                </Link>{" "}
                tells you what each of them loves doing.
              </p>
            </div>
            <div className="card p-6">
              <h3 className="text-xl">Existing clients</h3>
              <p className="mt-3 leading-relaxed text-muted">
                Welcome back! Book with your usual stylist online, using the account you created at our booking
                provider. Your colour formulas and notes are on file, so just choose the services you'd like.
              </p>
            </div>
          </div>
        </section>

        <section aria-labelledby="colour-or-cut">
          <h2 id="colour-or-cut" className="text-3xl">
            What are you booking?
          </h2>
          <div className="mt-8 grid gap-6 md:grid-cols-2">
            <div id="skin-test" className="card scroll-mt-24 p-6">
              <h3 className="text-xl">Colour</h3>
              <ul className="mt-3 list-disc space-y-2 pl-5 leading-relaxed text-muted">
                <li>
                  <strong className="font-semibold text-ink">Skin test:</strong> we need a skin test at least 48 hours
                  before any colour service. A test within the last 6 months counts. It takes five minutes: pop in
                  during opening hours.
                </li>
                <li>
                  <strong className="font-semibold text-ink">New colour clients:</strong> please book a free
                  consultation first. We'll look at your hair, talk through what you'd love, do your skin test and give
                  you a firm price.
                </li>
                <li>Existing colour clients can book their usual colour straight away.</li>
              </ul>
            </div>
            <div className="card p-6">
              <h3 className="text-xl">Cutting and styling</h3>
              <ul className="mt-3 list-disc space-y-2 pl-5 leading-relaxed text-muted">
                <li>No skin test or consultation needed: book your cut or blow-dry directly.</li>
                <li>
                  Planning a big change? Choose a longer appointment, or book a free consultation and we'll plan it
                  together.
                </li>
                <li>Come with your hair as you usually wear it, so your stylist can see how it sits.</li>
              </ul>
            </div>
          </div>
        </section>

        <section aria-labelledby="cancellations" className="max-w-prose">
          <h2 id="cancellations" className="text-2xl">
            If you need to cancel
          </h2>
          <p className="mt-3 leading-relaxed">
            Please give us at least 48 hours' notice to cancel or move your appointment, so we can offer the time to
            someone else. Later changes are charged at 50% of the appointment.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            {bookButton}
            {booking ? (
              <a href={telHref(booking.telephone)} className="btn-outline">
                Call {booking.telephone}
              </a>
            ) : null}
          </div>
        </section>
      </div>
    </>
  );
}
