import { LinkHub } from "~/components/link-hub";
import { seo } from "~/components/page-meta";
import { loadLinkHub } from "~/server/queries/link-hub.server";
import type { Route } from "./+types/links";

/*
 * /links and /link-tree show the same hub from two modules, because a route's
 * `handle` belongs to its module and only /link-tree hides the navigation bar.
 */

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Links",
    description:
      "Book, get a price quote, meet the team, refer a friend and catch up on the latest news from Maison Ivy, all in one place.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  return loadLinkHub(context.db);
}

export default function Links({ loaderData }: Route.ComponentProps) {
  return <LinkHub {...loaderData} />;
}
