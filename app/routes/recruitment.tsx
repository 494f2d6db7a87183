import { Link } from "~/components/link";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { everyPlace } from "~/domain/brand";
import { loadBrand } from "~/server/queries/brand.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/recruitment";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Careers",
    description:
      "Join Maison Ivy: we're looking for stylists, apprentices and Saturday or evening team members on our Pre Apprenticeship Scheme.",
  });

const POSITIONS = [
  {
    to: "/recruitment/stylist",
    title: "Stylist",
    text: "Qualified and ready to grow? Join a team that shares its skills, with ongoing education at our own academy, a clear path through the levels and a loyal, busy column of clients.",
    action: "Apply as a stylist",
  },
  {
    to: "/recruitment/apprentice",
    title: "Apprentice",
    text: "Start your career the right way. Our apprentices learn on the salon floor and at the Ivy Academy, supported by senior educators from your first shampoo to your first cut.",
    action: "Apply as an apprentice",
  },
  {
    to: "/recruitment/saturday",
    title: "Saturday / Evening work",
    text: "Still at school or college? Our Pre Apprenticeship Scheme gives you paid Saturday or evening work in the salon and a head start if you'd like to become an apprentice.",
    action: "Apply for Saturday or evening work",
  },
] as const;

export async function loader({ context }: Route.LoaderArgs) {
  return { brand: await loadBrand(context.get(requestContext).db) };
}

export default function Recruitment({ loaderData }: Route.ComponentProps) {
  const { brand } = loaderData;
  return (
    <>
      <PageIntro
        eyebrow="Recruitment"
        title="Come and work with us"
        lead={
          <p>
            For {brand.years} years we've grown our own talent. Whether you're a qualified stylist, just starting out or
            looking for weekend work, there's a place for you at Maison Ivy. One application covers {everyPlace(brand)}.
          </p>
        }
      />
      <section aria-labelledby="positions" className="container-page py-14">
        <h2 id="positions" className="text-3xl">
          Positions
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {POSITIONS.map((position) => (
            <li key={position.to} className="card flex flex-col p-6">
              <h3 className="text-2xl">{position.title}</h3>
              <p className="mt-3 flex-1 leading-relaxed text-muted">{position.text}</p>
              <Link to={position.to} className="btn-primary mt-6 self-start">
                {position.action}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
