import { offerStatus, smsCampaignOf } from "~/domain/offers";
import { sitemapEntries, sitemapXml } from "~/domain/sitemap";
import { now } from "~/server/clock.server";
import { config } from "~/server/config.server";
import {
  getSiteSettings,
  listNewsItems,
  listNotices,
  listPostDates,
  listTeam,
  reviewPage,
} from "~/server/queries/content.server";
import { listOffers } from "~/server/queries/offers.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/sitemap[.]xml";

/** /sitemap.xml: every public page, with posts, team, news, notices, running offers and whether offers show read from the database. */
export async function loader({ context }: Route.LoaderArgs) {
  const [posts, team, news, notices, settings, offers] = await Promise.all([
    listPostDates(context.get(requestContext).db),
    listTeam(context.get(requestContext).db),
    listNewsItems(context.get(requestContext).db),
    listNotices(context.get(requestContext).db),
    getSiteSettings(context.get(requestContext).db),
    listOffers(context.get(requestContext).db),
  ]);
  const reviewCount = (await reviewPage(context.get(requestContext).db, team, null, 1))?.total ?? 0;
  const today = now();
  const runningOffers = offers
    .filter((offer) => offerStatus(offer, settings.endDate, today) === "running")
    .map((offer) => ({ slug: offer.slug, sms: smsCampaignOf(offer) !== null }));
  const xml = sitemapXml(
    sitemapEntries({ posts, team, news, notices, runningOffers, reviewCount, hideOffers: settings.hideOffers }),
    config().PUBLIC_URL,
  );
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
