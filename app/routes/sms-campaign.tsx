import { data, isRouteErrorResponse } from "react-router";
import { Link } from "~/components/link";
import { BookingButtons, OfferCode, OfferImage, SmallPrint } from "~/components/offer-details";
import { OfferMissing, OfferPageFailed } from "~/components/offer-page-parts";
import { seo } from "~/components/page-meta";
import { discountLabel } from "~/domain/offers";
import { offerPath, teamPath } from "~/domain/paths";
import { shownAddress } from "~/domain/pictures";
import { now } from "~/server/clock.server";
import { loadOfferPage } from "~/server/queries/offer-pages.server";
import { getSmsCampaign } from "~/server/queries/offers.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/sms-campaign";

export const meta: Route.MetaFunction = (args) => {
  const data = args.loaderData;
  if (!data)
    return seo(args, {
      title: "Offer not found",
      description: "That text message offer could not be found. See Maison Ivy's current offers.",
      noIndex: true,
    });
  return seo(args, {
    title: data.headline,
    description: `${data.lead} ${data.offer.summary}`,
    image: shownAddress(data.offer),
  });
};

/**
 * The landing page of a link in a text message: read on a phone, usually by
 * someone who will ring rather than type, so the code and the call button
 * come first and the rest of the offer after.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const campaign = await getSmsCampaign(context.get(requestContext).db, params.campaign);
  if (!campaign) throw data({ campaign: params.campaign }, { status: 404 });
  const page = await loadOfferPage(context.get(requestContext).db, campaign.offer, now());
  return { ...page, headline: campaign.headline, lead: campaign.lead };
}

export default function SmsOffer({ loaderData }: Route.ComponentProps) {
  const { offer, headline, lead, endsLabel, ended, booking, stylists } = loaderData;
  return (
    <div className="container-page max-w-2xl py-10 sm:py-14">
      <p className="eyebrow">{ended ? "Offer ended" : discountLabel(offer)}</p>
      <h1 className="mt-3 text-4xl leading-tight">{headline}</h1>
      <p className="mt-4 text-lg leading-relaxed text-muted">{lead}</p>

      {ended ? (
        <div className="mt-8 rounded-2xl border border-line bg-sand/70 px-5 py-5" data-testid="offer-ended">
          <p className="leading-relaxed">
            <strong className="font-semibold">Sorry, this offer has ended.</strong> It finished on {endsLabel}.
          </p>
          <Link to="/offers" className="btn-primary mt-4">
            See current offers
          </Link>
        </div>
      ) : null}

      <div className="mt-8 space-y-5">
        <OfferCode code={offer.code} endsLabel={endsLabel} ended={ended} />
        {ended ? null : <BookingButtons booking={booking} phoneFirst />}
      </div>

      <OfferImage offer={offer} sizes="(min-width: 768px) 42rem, 100vw" className="mt-10 rounded-2xl" />

      <section aria-labelledby="offer-details" className="mt-10">
        <h2 id="offer-details" className="text-2xl">
          {offer.title}
        </h2>
        <p className="mt-3 leading-relaxed">{offer.summary}</p>
        {stylists.length > 0 ? (
          <p className="mt-3 leading-relaxed">
            With{" "}
            {stylists.map((stylist, i) => (
              <span key={stylist.slug}>
                {i > 0 ? " or " : null}
                <Link to={teamPath(stylist.slug)} className="font-medium text-accent-dark underline underline-offset-2">
                  {stylist.name}
                </Link>
              </span>
            ))}{" "}
            at {stylists[0]?.salonName}.
          </p>
        ) : null}
        <Link to={offerPath(offer.slug)} className="mt-4 inline-block font-medium underline underline-offset-4">
          Read the full offer
        </Link>
      </section>

      <div className="mt-10">
        <SmallPrint lines={offer.smallPrint} />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return isRouteErrorResponse(error) && error.status === 404 ? <OfferMissing kind="campaign" /> : <OfferPageFailed />;
}
