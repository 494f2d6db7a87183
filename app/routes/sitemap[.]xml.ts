import { sitemapEntries, sitemapXml } from "~/domain/sitemap";
import { config } from "~/server/config.server";
import { listBlogPosts, listTeam } from "~/server/queries/content.server";
import type { Route } from "./+types/sitemap[.]xml";

/** /sitemap.xml: every public page, posts and team members read from the database on each request. */
export async function loader({ context }: Route.LoaderArgs) {
  const [posts, team] = await Promise.all([listBlogPosts(context.db), listTeam(context.db)]);
  const xml = sitemapXml(sitemapEntries({ posts, team }), config().PUBLIC_URL);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
