import { redirect } from "react-router";
import { Link } from "~/components/link";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { truncate } from "~/domain/format";
import { paragraphsOf } from "~/domain/staff/site-content";
import { getNotice } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/new-prices";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "A note about our prices",
    description: args.loaderData?.description ?? "A note from the Maison Ivy team about our prices.",
  });

/** The price notice's words are a row staff edit; outside its publish dates the address goes home. */
export async function loader({ context }: Route.LoaderArgs) {
  const notice = await getNotice(context.get(requestContext).db, "/new-prices");
  if (!notice) throw redirect("/", 302);
  const paragraphs = paragraphsOf(notice.body);
  return {
    title: notice.title,
    paragraphs,
    description: truncate(notice.lead ?? paragraphs[0] ?? notice.title, 155),
  };
}

export default function NewPrices({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro eyebrow="A note from the team" title={loaderData.title} />
      <article className="container-page max-w-3xl py-14">
        <div className="space-y-5 text-lg leading-relaxed">
          {loaderData.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <p className="font-display text-xl">With love, the Maison Ivy team</p>
        </div>
        <div className="mt-10 flex flex-wrap gap-3">
          <Link to="/prices" className="btn-accent">
            Check your price
          </Link>
          <Link to="/contact" className="btn-outline">
            Questions? Contact us
          </Link>
        </div>
      </article>
    </>
  );
}
