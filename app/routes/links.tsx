import { LINK_HUB_SEO, LinkHub } from "~/components/link-hub";
import { seo } from "~/components/page-meta";
import { loadLinkHub } from "~/server/queries/link-hub.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/links";

/*
 * /links and /link-tree show the same hub from two modules, because a route's
 * `handle` belongs to its module and only /link-tree hides the navigation bar.
 */

export const meta: Route.MetaFunction = (args) => seo(args, LINK_HUB_SEO);

export async function loader({ context }: Route.LoaderArgs) {
  return loadLinkHub(context.get(requestContext).db);
}

export default function Links({ loaderData }: Route.ComponentProps) {
  return <LinkHub {...loaderData} />;
}
