import { data, isRouteErrorResponse } from "react-router";
import { Link } from "~/components/link";
import { BookingButtons, LevelPriceTable, OfferCode, OfferImage, SmallPrint } from "~/components/offer-details";
import { OfferMissing, OfferPageFailed, OfferStylists } from "~/components/offer-page-parts";
import { seo } from "~/components/page-meta";
import { ShareLink } from "~/components/share-link";
import { discountLabel } from "~/domain/offers";
import { offerPath } from "~/domain/paths";
import { shownAddress } from "~/domain/pictures";
import { now } from "~/server/clock.server";
import { loadOfferPage } from "~/server/queries/offer-pages.server";
import { getOffer } from "~/server/queries/offers.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/offers-variant";

export const meta: Route.MetaFunction = (args) => {
  const offer = args.loaderData?.offer;
  if (!offer)
    return seo(args, {
      title: "Offer not found",
      description: "That offer could not be found. See Maison Ivy's current offers for new and returning clients.",
      noIndex: true,
    });
  return seo(args, { title: offer.title, description: offer.summary, image: shownAddress(offer) });
};

/** Every offer has a page, listed or not: listing only puts its card on /offers while it runs. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const offer = await getOffer(context.get(requestContext).db, params.variant);
  if (!offer) throw data({ variant: params.variant }, { status: 404 });
  return loadOfferPage(context.get(requestContext).db, offer, now());
}

export default function OfferPage({ loaderData }: Route.ComponentProps) {
  const { offer, endsLabel, ended, startsLabel, booking, stylists } = loaderData;
  return (
    <>
      <section className="bg-blush/60">
        <div className="container-page grid items-center gap-10 py-12 sm:py-16 md:grid-cols-2">
          <div>
            <p className="eyebrow">
              {offer.audience === "lapsed"
                ? "Welcome back offer"
                : offer.audience === "new"
                  ? "New client offer"
                  : "Offer"}
            </p>
            <h1 className="mt-3 text-4xl leading-tight sm:text-5xl">{offer.title}</h1>
            <p className="mt-5 text-lg leading-relaxed text-muted">{offer.summary}</p>
            <p
              className={`mt-6 inline-flex rounded-full px-4 py-1.5 text-sm font-semibold ${ended ? "border border-line bg-white text-muted" : "bg-accent-dark text-white"}`}
            >
              {ended ? "Offer ended" : discountLabel(offer)}
            </p>
          </div>
          <OfferImage offer={offer} sizes="(min-width: 1024px) 36rem, 100vw" className="rounded-2xl shadow-sm" />
        </div>
      </section>

      {ended ? (
        <div className="container-page pt-10">
          <div
            className="rounded-2xl border border-line bg-sand/70 px-6 py-5 sm:flex sm:items-center sm:justify-between sm:gap-6"
            data-testid="offer-ended"
          >
            <p className="leading-relaxed">
              <strong className="font-semibold">This offer has ended.</strong> It finished on {endsLabel}, but we often
              have something new for you.
            </p>
            <Link to="/offers" className="btn-primary mt-4 shrink-0 sm:mt-0">
              See current offers
            </Link>
          </div>
        </div>
      ) : null}

      {startsLabel ? (
        <div className="container-page pt-10">
          <p
            className="rounded-2xl border border-line bg-sand/70 px-6 py-5 leading-relaxed"
            data-testid="offer-upcoming"
          >
            <strong className="font-semibold">This offer starts on {startsLabel}.</strong> Book now for an appointment
            from then, quoting the code below.
          </p>
        </div>
      ) : null}

      <div className="container-page grid gap-12 py-12 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {/* First in reading order, so on a phone the code and booking come before the long read. */}
        <aside
          aria-label="How to book"
          className="space-y-5 lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1 lg:self-start"
        >
          <OfferCode code={offer.code} endsLabel={endsLabel} ended={ended} />
          {ended ? null : (
            <div className="space-y-3">
              <p className="text-sm text-muted">Book online with {booking.salonName}, or give us a call.</p>
              <BookingButtons booking={booking} />
            </div>
          )}
          <div className="flex flex-wrap gap-3 border-t border-line pt-5">
            <Link to="/prices" className="btn-outline">
              Get a quote
            </Link>
            <ShareLink title={offer.title} path={offerPath(offer.slug)} />
          </div>
          <Link to="/offers" className="inline-block text-sm font-medium underline underline-offset-4">
            All offers
          </Link>
        </aside>
        <div className="space-y-10 lg:col-start-1 lg:row-start-1">
          <div className="max-w-prose space-y-4 text-lg leading-relaxed">
            {offer.body.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>

          {offer.levelPrices && offer.percent !== null ? (
            <section aria-labelledby="level-prices" className="max-w-xl">
              <h2 id="level-prices" className="text-2xl">
                What you'll pay at each level
              </h2>
              <div className="mt-4">
                <LevelPriceTable prices={offer.levelPrices} percent={offer.percent} />
              </div>
            </section>
          ) : null}

          <OfferStylists stylists={stylists} />

          <SmallPrint lines={offer.smallPrint} />
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return isRouteErrorResponse(error) && error.status === 404 ? <OfferMissing kind="offer" /> : <OfferPageFailed />;
}
