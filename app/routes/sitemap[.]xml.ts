import { sitemapEntries, sitemapXml } from "~/domain/sitemap";
import { config } from "~/server/config.server";
import { getSiteSettings, listBlogPosts, listNewsItems, listTeam } from "~/server/queries/content.server";
import type { Route } from "./+types/sitemap[.]xml";

/** /sitemap.xml: every public page, with posts, team, news and whether offers show read from the database. */
export async function loader({ context }: Route.LoaderArgs) {
  const [posts, team, news, settings] = await Promise.all([
    listBlogPosts(context.db),
    listTeam(context.db),
    listNewsItems(context.db),
    getSiteSettings(context.db),
  ]);
  const xml = sitemapXml(sitemapEntries({ posts, team, news, hideOffers: settings.hideOffers }), config().PUBLIC_URL);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
