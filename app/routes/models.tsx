import { Link } from "~/components/link";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { ACADEMY_SALON_ID } from "~/domain/salon-info";
import { getSalon } from "~/server/queries/catalogue.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/models";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Models wanted",
    description:
      "Be a hair model at the Ivy Academy: cuts, colour and blow-dries at training prices, every step supervised by a senior educator.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const academy = await getSalon(context.get(requestContext).db, ACADEMY_SALON_ID);
  return { academy: academy && { name: academy.name, websiteUrl: academy.websiteUrl } };
}

const INVOLVED = [
  {
    title: "Training prices",
    text: "Cuts, colour and blow-dries for a fraction of the usual price, by apprentices in their final stages of training.",
  },
  {
    title: "Supervised throughout",
    text: "A senior educator checks every step, from the consultation to the finish, so you're in safe hands.",
  },
  {
    title: "A little extra time",
    text: "Training appointments take longer than usual. Allow two to three hours and bring something to read.",
  },
  {
    title: "All hair welcome",
    text: "Every length and texture is useful. This term we especially need short hair and grey coverage.",
  },
] as const;

export default function Models({ loaderData }: Route.ComponentProps) {
  const { academy } = loaderData;
  return (
    <>
      <PageIntro
        eyebrow="The Ivy Academy"
        title="Models Wanted"
        lead={<p>Help train the next generation of Maison Ivy stylists, and leave with beautiful hair.</p>}
      >
        <Link to="/models-info" className="btn-accent">
          Apply to be a model
        </Link>
        {academy?.websiteUrl ? (
          <a href={academy.websiteUrl} className="btn-outline" rel="noopener">
            {academy.name} website
          </a>
        ) : null}
      </PageIntro>
      <section aria-labelledby="whats-involved" className="container-page py-14">
        <h2 id="whats-involved" className="text-3xl">
          What's involved
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {INVOLVED.map((item) => (
            <li key={item.title} className="card p-6">
              <h3 className="text-xl">{item.title}</h3>
              <p className="mt-3 text-sm leading-relaxed text-muted">{item.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-10 max-w-prose leading-relaxed">
          Tell us a little about your hair and when you're free, and the Academy team will be in touch to arrange a
          consultation. A skin test is needed at least 48 hours before any colour service.
        </p>
        <Link to="/models-info" className="btn-primary mt-6">
          Send us your details
        </Link>
      </section>
    </>
  );
}
