import { Link } from "~/components/link";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { ReturnLink } from "~/components/return-link";
import { type BrandFacts, beginnings, FOUNDING_STORY, founding, groupLine, sentence } from "~/domain/brand";
import { loadBrand } from "~/server/queries/brand.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/about-info";

/** The claim on the about page. */
export const FIVE_STAR_REVIEWS_CLAIM = "700+ 5 star reviews";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Our story",
    description: `The history of Maison Ivy: opened in ${FOUNDING_STORY.town}${args.loaderData ? ` on ${founding(args.loaderData.brand).day}, now ${groupLine(args.loaderData.brand)}` : ""}, with 700+ five-star reviews from our clients.`,
  });

/** Counted on the day of the request from the founding date the owner set, and from the salons kept. */
export async function loader({ context }: Route.LoaderArgs) {
  const brand = await loadBrand(context.get(requestContext).db);
  return { years: brand.years, brand };
}

/** The story's milestones; the first is the founding day the owner set. */
function milestones(brand: BrandFacts) {
  const { year, dayOfYear } = founding(brand);
  return [
    { year, text: `Maison Ivy opens on ${dayOfYear} with ${beginnings()}, ${FOUNDING_STORY.town}.` },
    { year: "2004", text: "Harriet Vale joins the team. Today she is our Creative Director." },
    {
      year: "2011",
      text: "The Ivy Academy opens in the Old Tannery on Mill Lane, so we can train our own apprentices the way we like to work.",
    },
    { year: "2015", text: "Maison Ivy Kestwick opens on Abbey Walk, led by Camille Ashdown." },
  ];
}

export default function AboutInfo({ loaderData }: Route.ComponentProps) {
  const { years, brand } = loaderData;
  return (
    <>
      <PageIntro
        eyebrow="Our story"
        title={`${years} years of good hair days`}
        lead={`Maison Ivy opened its doors in ${FOUNDING_STORY.town} on ${founding(brand).day}. We have grown a little since, but the idea hasn't changed: listen first, then cut and colour for the way you really live.`}
      />

      <section aria-label="Maison Ivy in numbers" className="border-b border-line">
        <dl className="container-page grid gap-8 py-12 text-center sm:grid-cols-3">
          <div className="flex flex-col gap-2">
            <dt className="text-sm text-muted">Years in Wrenbridge</dt>
            <dd className="order-first font-display text-5xl" data-testid="years-active">
              {years}
            </dd>
          </div>
          <div className="flex flex-col gap-2">
            <dt className="text-sm text-muted">5 star reviews</dt>
            <dd className="order-first font-display text-5xl">700+</dd>
          </div>
          <div className="flex flex-col gap-2">
            <dt className="text-sm text-muted">{brand.academies > 0 ? "Salons, and a training academy" : "Salons"}</dt>
            <dd className="order-first font-display text-5xl">{brand.salons}</dd>
          </div>
        </dl>
      </section>

      <div className="container-page grid gap-16 py-16 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="history-heading" className="prose-salon max-w-2xl">
          <h2 id="history-heading">How it started</h2>
          <p>
            Maison Ivy began with {FOUNDING_STORY.beganWith}, a borrowed basin and a simple promise: nobody leaves until
            they love their hair. For {years} years that promise has filled our appointment book, mostly by word of
            mouth from one friend to the next.
          </p>
          <p>
            As the salon grew, so did our belief that great hairdressers are made, not found. In 2011 we opened the Ivy
            Academy to train apprentices our own way, alongside clients who enjoy training prices. Many of today's
            stylists started there, sweeping floors on a Saturday.
          </p>
          <p>
            In 2015 we opened our sister salon in Kestwick, a short drive away, so more of you could book at times that
            suit you. Both salons share one team, one standard and one set of colour notes, so you can see whoever suits
            your diary.
          </p>
          <h2>What our clients say</h2>
          <p>
            We're proud to have collected <strong>{FIVE_STAR_REVIEWS_CLAIM}</strong>. Read a few of them on our{" "}
            <Link to="/reviews/all">reviews page</Link>, or find the stylist who suits you on our{" "}
            <Link to="/team-info">team page</Link>.
          </p>
        </section>

        <section aria-labelledby="milestones-heading">
          <h2 id="milestones-heading" className="text-2xl">
            Milestones
          </h2>
          <ol className="mt-6 space-y-6 border-l border-line pl-6">
            {[
              ...milestones(brand),
              {
                year: "Today",
                text: `${sentence(groupLine(brand))}, and a team that still takes its time over every consultation.`,
              },
            ].map((m) => (
              <li key={m.year}>
                <p className="eyebrow">{m.year}</p>
                <p className="mt-1 leading-relaxed">{m.text}</p>
              </li>
            ))}
          </ol>
        </section>
      </div>

      <div className="container-page">
        <ReturnLink to="/about">Back</ReturnLink>
      </div>
    </>
  );
}
