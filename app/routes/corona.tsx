import { Link } from "~/components/link";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import type { Route } from "./+types/corona";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "COVID-19: keeping you safe",
    description:
      "How Maison Ivy keeps clients and team safe: our COVID-19 hygiene measures and what to do if you feel unwell before your appointment.",
  });

export default function Corona() {
  return (
    <PageIntro
      eyebrow="COVID-19"
      title="Keeping you safe in the salon"
      lead={
        <p>
          Your safety, and our team's, comes first. We've kept the hygiene habits that served us well through the
          pandemic, and we'll always make it easy to move your appointment if you're unwell.
        </p>
      }
    >
      <Link to="/corona-info" className="btn-primary">
        Read our safety guidelines
      </Link>
    </PageIntro>
  );
}
