import { Link } from "~/components/link";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { telHref } from "~/domain/format";
import { MAIN_SALON_ID } from "~/domain/salon-info";
import { getSalon } from "~/server/queries/catalogue.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/your-gift";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "A thank-you gift for you",
    description: "A thank-you from Maison Ivy to our most loyal clients: a complimentary treatment on your next visit.",
  });

/** How long the gift lasts from the day the client hears about it. */
const GIFT_VALID_WEEKS = 12;

export async function loader({ context }: Route.LoaderArgs) {
  const main = await getSalon(context.get(requestContext).db, MAIN_SALON_ID);
  return { booking: main ? { url: main.bookingUrl, telephone: main.telephone } : null };
}

export default function YourGift({ loaderData }: Route.ComponentProps) {
  const { booking } = loaderData;
  return (
    <>
      <PageIntro
        eyebrow="With love from Maison Ivy"
        title="Thank you. This one's on us."
        lead={
          <p>
            You're one of the clients who has supported us most this year, and we wanted to say thank you properly. On
            your next visit, your stylist will treat you to a complimentary treatment of your choice.
          </p>
        }
        align="center"
      />

      <div className="container-page grid gap-12 py-14 md:grid-cols-2">
        <section aria-labelledby="gift-what" className="max-w-prose">
          <h2 id="gift-what" className="text-2xl">
            Your gift
          </h2>
          <p className="mt-3 leading-relaxed">
            Choose one of our treatments, added to your next appointment at no cost:
          </p>
          <ul className="mt-4 list-disc space-y-1.5 pl-5 leading-relaxed">
            <li>an intensive conditioning treatment for softness and shine,</li>
            <li>a bond-building treatment to strengthen coloured or heat-styled hair,</li>
            <li>or a scalp massage and treatment, simply because you deserve it.</li>
          </ul>
          <p className="mt-4 leading-relaxed">
            Not sure which? Your stylist will suggest the one your hair will love most.
          </p>
        </section>

        <section aria-labelledby="gift-how" className="max-w-prose">
          <h2 id="gift-how" className="text-2xl">
            How to claim it
          </h2>
          <ol className="mt-3 list-decimal space-y-1.5 pl-5 leading-relaxed">
            <li>Book your next appointment online or by phone, as usual.</li>
            <li>
              Mention your thank-you gift when you arrive (or add a note to your booking). It's already on your client
              record.
            </li>
            <li>Sit back and enjoy.</li>
          </ol>
          <p className="mt-4 text-sm leading-relaxed text-muted">
            Your gift is valid for {GIFT_VALID_WEEKS} weeks from the day we told you about it, at any of our salons.
            It's personal to you, can't be exchanged for cash, and doesn't need to be combined with anything: it's
            simply our thank-you.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            {booking ? (
              <>
                <a href={booking.url} className="btn-accent" rel="noopener">
                  Book your next visit
                </a>
                <a href={telHref(booking.telephone)} className="btn-outline">
                  Call {booking.telephone}
                </a>
              </>
            ) : (
              <Link to="/contact" className="btn-accent">
                Contact us to book
              </Link>
            )}
          </div>
        </section>
      </div>
    </>
  );
}
