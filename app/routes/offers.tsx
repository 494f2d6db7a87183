import { parseISO } from "date-fns";
import { Link } from "react-router";
import { OfferCard } from "~/components/offer-card";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { ShareLink } from "~/components/share-link";
import { formatLongDate } from "~/domain/dates";
import { type OfferFlag, offerCards, offerEndDate, offerHasEnded } from "~/domain/offers";
import { getSiteSettings } from "~/server/queries/content.server";
import type { Route } from "./+types/offers";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Offers",
    description:
      "Current offers for new and returning clients at Maison Ivy's salons and the Ivy Academy: first-visit discounts, seasonal savings and stylist offers.",
  });

/**
 * Which cards show is staff's call, through the settings rows: one flag per
 * card, `hideOffers` for the whole page, the shared end date. A card whose
 * offer has run out stays visible while its flag is on, under "Recently
 * ended", so nobody follows a dead code without being told.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await getSiteSettings(context.db);
  if (settings.hideOffers) return { hidden: true as const };
  const now = new Date();
  const cards = offerCards((flag: OfferFlag) => settings.offers[flag] === true).map((offer) => ({
    offer,
    endsLabel: formatLongDate(parseISO(offerEndDate(offer, settings.endDate))),
    ended: offerHasEnded(offer, settings.endDate, now),
  }));
  return {
    hidden: false as const,
    current: cards.filter((card) => !card.ended),
    ended: cards.filter((card) => card.ended),
  };
}

export default function Offers({ loaderData }: Route.ComponentProps) {
  if (loaderData.hidden) {
    return (
      <PageIntro
        eyebrow="Offers"
        title="Coming soon..."
        lead={<p>Some amazing offers for new clients</p>}
        align="center"
      >
        <Link to="/prices" className="btn-accent">
          Get a price quote
        </Link>
        <Link to="/refer-a-friend" className="btn-outline">
          Refer a friend
        </Link>
      </PageIntro>
    );
  }

  const { current, ended } = loaderData;
  return (
    <>
      <PageIntro
        eyebrow="Offers"
        title="Offers for new and returning clients"
        lead={
          <p>
            Treat yourself to something new. Every offer is good at all three of our salons unless it says otherwise,
            and can't be combined with another.
          </p>
        }
      >
        <Link to="/prices" className="btn-accent">
          Get a quote
        </Link>
        <ShareLink title="Maison Ivy offers" path="/offers">
          Share these offers
        </ShareLink>
      </PageIntro>

      <div className="container-page py-14">
        {current.length > 0 ? (
          <section aria-labelledby="current-offers">
            <h2 id="current-offers" className="text-3xl">
              Current offers
            </h2>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {current.map((card) => (
                <li key={card.offer.slug} className="flex">
                  <OfferCard {...card} />
                </li>
              ))}
            </ul>
          </section>
        ) : (
          <section aria-labelledby="no-offers" className="card mx-auto max-w-2xl px-6 py-12 text-center sm:px-12">
            <h2 id="no-offers" className="text-3xl">
              No offers right now — check back soon
            </h2>
            <p className="mt-4 leading-relaxed text-muted">
              In the meantime, our price calculator shows exactly what your visit would cost, and if a friend recommends
              you, you both get £20 off.
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link to="/prices" className="btn-accent">
                Get a price quote
              </Link>
              <Link to="/refer-a-friend" className="btn-outline">
                Refer a friend
              </Link>
            </div>
          </section>
        )}

        {ended.length > 0 ? (
          <section aria-labelledby="ended-offers" className="mt-16">
            <h2 id="ended-offers" className="text-2xl">
              Recently ended
            </h2>
            <p className="mt-2 text-sm text-muted">
              These offers have finished, but their pages are here if you have an old link.
            </p>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {ended.map((card) => (
                <li key={card.offer.slug} className="flex">
                  <OfferCard {...card} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </>
  );
}
