import { LINK_HUB_SEO, LinkHub } from "~/components/link-hub";
import type { PageHandle } from "~/components/page-handle";
import { seo } from "~/components/page-meta";
import { loadLinkHub } from "~/server/queries/link-hub.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/link-tree";

/** Social profiles link here: the page stands on its own, without the navigation bar (site-layout reads this). */
export const handle: PageHandle = { hideNav: true };

export const meta: Route.MetaFunction = (args) => seo(args, LINK_HUB_SEO);

export async function loader({ context }: Route.LoaderArgs) {
  return loadLinkHub(context.get(requestContext).db);
}

export default function LinkTree({ loaderData }: Route.ComponentProps) {
  return <LinkHub {...loaderData} />;
}
