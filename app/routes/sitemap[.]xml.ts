import { sitemapEntries, sitemapXml } from "~/domain/sitemap";
import { config } from "~/server/config.server";
import {
  getSiteSettings,
  listNewsItems,
  listNotices,
  listPostDates,
  listTeam,
  reviewPage,
} from "~/server/queries/content.server";
import type { Route } from "./+types/sitemap[.]xml";

/** /sitemap.xml: every public page, with posts, team, news, notices and whether offers show read from the database. */
export async function loader({ context }: Route.LoaderArgs) {
  const [posts, team, news, notices, settings] = await Promise.all([
    listPostDates(context.db),
    listTeam(context.db),
    listNewsItems(context.db),
    listNotices(context.db),
    getSiteSettings(context.db),
  ]);
  const reviewCount = (await reviewPage(context.db, team, null, 1))?.total ?? 0;
  const xml = sitemapXml(
    sitemapEntries({ posts, team, news, notices, reviewCount, hideOffers: settings.hideOffers }),
    config().PUBLIC_URL,
  );
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
