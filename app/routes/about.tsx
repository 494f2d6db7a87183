import { Link } from "~/components/link";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { Picture } from "~/components/picture";
import { beginnings, FOUNDING_STORY, founding, groupLine } from "~/domain/brand";
import { MAIN_SALON_ID } from "~/domain/salon-info";
import { loadBrand } from "~/server/queries/brand.server";
import { salonPicture } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "About us",
    description: `Maison Ivy has been colouring, cutting and styling hair in ${FOUNDING_STORY.town} ${args.loaderData ? ` since ${founding(args.loaderData.brand).month}: ${groupLine(args.loaderData.brand)}` : ""}, and a team clients stay with for years.`,
  });

/** Counted on the day of the request, so the figure is never stale. */
export async function loader({ context }: Route.LoaderArgs) {
  const [brand, salon] = await Promise.all([
    loadBrand(context.get(requestContext).db),
    salonPicture(context.get(requestContext).db, MAIN_SALON_ID),
  ]);
  return { brand, salon };
}

export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro
        eyebrow="About us"
        title="A Wrenbridge salon, grown by its clients"
        lead={`For ${loaderData.brand.years} years we've been doing one thing carefully: hair that suits the person wearing it. What began as ${beginnings()} is now ${groupLine(loaderData.brand)}, and many of our first clients still sit in our chairs today.`}
      >
        <Link to="/about-info" className="btn-primary">
          Read our story
        </Link>
        <Link to="/team" className="btn-outline">
          Meet the team
        </Link>
      </PageIntro>
      <section className="container-page py-16">
        <figure className="overflow-hidden rounded-2xl border border-line">
          <Picture
            picture={loaderData.salon?.picture}
            fallback={loaderData.salon?.image ?? "/images/salons/wrenbridge.svg"}
            fallbackWidth={1200}
            fallbackHeight={800}
            alt={
              loaderData.salon?.picture
                ? undefined
                : "Inside Maison Ivy Wrenbridge: arched mirrors, salon chairs and pendant lights"
            }
            sizes="(min-width: 1280px) 1200px, 100vw"
            className="aspect-[3/2] w-full bg-sand object-cover"
          />
        </figure>
      </section>
    </>
  );
}
