import { parseISO } from "date-fns";
import { Link } from "~/components/link";
import { OfferCard } from "~/components/offer-card";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { ShareLink } from "~/components/share-link";
import { everyPlace } from "~/domain/brand";
import { formatLongDate } from "~/domain/dates";
import { FIRST_VISIT_OFFER } from "~/domain/first-visit-offer";
import { offerCards, offerEndDate } from "~/domain/offers";
import { REFERRAL } from "~/domain/referral";
import { now } from "~/server/clock.server";
import { loadBrand } from "~/server/queries/brand.server";
import { getSiteSettings } from "~/server/queries/content.server";
import { listOffers } from "~/server/queries/offers.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/offers";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Offers",
    description:
      "Current offers for new and returning clients at Maison Ivy's salons and the Ivy Academy: first-visit discounts, seasonal savings and stylist offers.",
  });

/**
 * Staff list offers and give them dates in the console; a listed offer has a
 * card here from its first day to its last, by the site's clock, with nobody
 * acting. `hideOffers` hides the whole page. Whatever campaigns run, the page
 * also shows what every new client can have on any day: the first-visit
 * discount every saved quote promises, and the referral rewards. A quote's
 * e-mail and page name that discount, so the Offers page must never hide it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await getSiteSettings(context.get(requestContext).db);
  if (settings.hideOffers) return { hidden: true as const };
  const brand = await loadBrand(context.get(requestContext).db);
  const cards = offerCards(await listOffers(context.get(requestContext).db), settings.endDate, now()).map((offer) => ({
    offer,
    endsLabel: formatLongDate(parseISO(offerEndDate(offer, settings.endDate))),
    ended: false,
  }));
  return { hidden: false as const, current: cards, places: everyPlace(brand) };
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

  const { current, places } = loaderData;
  return (
    <>
      <PageIntro
        eyebrow="Offers"
        title="Offers for new and returning clients"
        lead={
          <p>
            Treat yourself to something new. Every offer is good at {places} unless it says otherwise, and can't be
            combined with another.
          </p>
        }
      >
        <Link to="/prices" className="btn-accent">
          Get a quote
        </Link>
        <ShareLink title="Maison Ivy offers" path="/offers" label="Share these offers" />
      </PageIntro>

      <div className="container-page py-14">
        {current.length > 0 ? (
          <section aria-labelledby="current-offers" className="mb-16">
            <h2 id="current-offers" className="text-3xl">
              Current offers
            </h2>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {current.map((card, i) => (
                <li key={card.offer.slug} className="flex">
                  <OfferCard {...card} eager={i === 0} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <AlwaysOnOffers campaigns={current.length > 0} />
      </div>
    </>
  );
}

/**
 * What every new client can have on any day, campaign or not: the quote's
 * first-visit discount and the referral rewards.
 */
function AlwaysOnOffers({ campaigns }: { campaigns: boolean }) {
  return (
    <section aria-labelledby="always-on" data-testid="always-on-offers">
      <h2 id="always-on" className="text-3xl">
        Our offers for every new client
      </h2>
      <p className="mt-3 max-w-prose leading-relaxed text-muted">
        {campaigns
          ? "Besides the campaigns above, these two are always on for new clients."
          : "No seasonal campaign is running just now, but these two are always on."}
      </p>
      <ul className="mt-8 grid gap-6 md:grid-cols-2">
        <li className="card flex flex-col p-8">
          <p className="font-display text-4xl text-accent-dark sm:text-5xl">{FIRST_VISIT_OFFER.percent}% off</p>
          <h3 className="mt-3 text-xl">Your first visit</h3>
          <p className="mt-2 flex-1 leading-relaxed text-muted">
            Make a price quote and save it: as a new client you take {FIRST_VISIT_OFFER.percent}% off its total for{" "}
            {FIRST_VISIT_OFFER.validWeeks} weeks. Quote code{" "}
            <strong className="font-mono font-semibold text-ink">{FIRST_VISIT_OFFER.code}</strong> when you book.
          </p>
          <div className="mt-6">
            <Link to="/prices" className="btn-accent">
              Get a price quote
            </Link>
          </div>
        </li>
        <li className="card flex flex-col p-8">
          <p className="font-display text-4xl text-accent-dark sm:text-5xl">£{REFERRAL.friendPounds} off</p>
          <h3 className="mt-3 text-xl">When a friend recommends you</h3>
          <p className="mt-2 flex-1 leading-relaxed text-muted">
            Your friend sends you their invitation: you take £{REFERRAL.friendPounds} off your first visit (book within{" "}
            {REFERRAL.friendWeeks} weeks) and they get a £{REFERRAL.referrerPounds} voucher, valid for{" "}
            {REFERRAL.referrerWeeks} weeks, once you have been in.
          </p>
          <div className="mt-6">
            <Link to="/refer-a-friend" className="btn-outline">
              Refer a friend
            </Link>
          </div>
        </li>
      </ul>
      <p className="mt-6 text-sm text-muted">
        New clients only: no visit to any of our salons in the last 18 months. One offer per visit; they can't be
        combined.
      </p>
    </section>
  );
}
