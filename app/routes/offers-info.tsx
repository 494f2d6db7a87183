import { Link } from "~/components/link";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { ReturnLink } from "~/components/return-link";
import type { Route } from "./+types/offers-info";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "New client offers coming soon",
    description:
      "Keep an eye out for some amazing new client offers at Maison Ivy, coming very soon. Meanwhile, get an instant price quote online.",
  });

export default function OffersInfo() {
  return (
    <PageIntro
      eyebrow="Offers"
      title="New client offers"
      lead={<p>Keep an eye out for some amazing new client offers coming very soon!</p>}
      align="center"
    >
      <ReturnLink to="/offers">Back to offers</ReturnLink>
      <Link to="/prices" className="btn-accent">
        Get a price quote
      </Link>
    </PageIntro>
  );
}
