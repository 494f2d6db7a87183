import { Link } from "react-router";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import type { Route } from "./+types/new-prices";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "A note about our prices",
    description:
      "From April, Maison Ivy's prices are changing slightly to keep up with the minimum wage, employer insurance, stock and energy costs.",
  });

export default function NewPrices() {
  return (
    <>
      <PageIntro eyebrow="A note from the team" title="A small change to our prices" />
      <article className="container-page max-w-3xl py-14">
        <div className="space-y-5 text-lg leading-relaxed">
          <p>
            Thank you, as always, for choosing Maison Ivy. We want to be open with you about a change that's coming.
          </p>
          <p>
            From April, we're making a small adjustment to our prices. Like every independent business, our costs have
            risen: the minimum wage has gone up (rightly so, for the apprentices and juniors who are the future of our
            salons), along with employer insurance, the professional stock we use on your hair, and the energy it takes
            to run our basins, dryers and lights.
          </p>
          <p>
            We've absorbed as much as we can for as long as we can, and we've kept the change as small as possible.
            Nothing about your appointment will change: the same stylists, the same care, and the same unhurried
            consultation before we begin.
          </p>
          <p>Any appointment you've already booked keeps the price it was booked at.</p>
          <p>We're so grateful for your loyalty, and we can't wait to see you soon.</p>
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
