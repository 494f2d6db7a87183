import { Link } from "~/components/link";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { Portrait } from "~/components/picture";
import { teamPath } from "~/domain/paths";
import { listTeam } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/team";

const PREVIEW_COUNT = 4;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Our team",
    description:
      "Meet the Maison Ivy team: colourists, curl specialists, precision cutters and the apprentices of the Ivy Academy, across Wrenbridge and Kestwick.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const team = await listTeam(context.get(requestContext).db);
  return {
    count: team.length,
    preview: team.slice(0, PREVIEW_COUNT).map(({ slug, firstName, lastName, levelName, image, photo }) => ({
      slug,
      firstName,
      lastName,
      levelName,
      image,
      photo,
    })),
  };
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const { count, preview } = loaderData;
  return (
    <>
      <PageIntro
        eyebrow="Our team"
        title="The people behind the chair"
        lead={`We're a team of ${count}: colourists, curl specialists, precision cutters and the apprentices we train at the Ivy Academy. Every one of us starts with a proper consultation.`}
      >
        <Link to="/team-info" className="btn-primary">
          Meet the whole team
        </Link>
        <Link to="/prices" className="btn-outline">
          Get a price quote
        </Link>
      </PageIntro>
      <section aria-labelledby="team-preview-heading" className="container-page py-16">
        <h2 id="team-preview-heading" className="text-3xl">
          A few familiar faces
        </h2>
        <ul className="mt-8 grid grid-cols-2 gap-5 md:grid-cols-4">
          {preview.map((m) => (
            <li key={m.slug}>
              <Link to={teamPath(m.slug)} className="group block">
                <Portrait
                  of={m}
                  sizes="(min-width: 1280px) 300px, (min-width: 768px) 25vw, 50vw"
                  alt=""
                  className="aspect-[4/5] h-auto w-full rounded-2xl border border-line bg-sand object-cover transition-opacity group-hover:opacity-90"
                />
                <span className="mt-3 block font-display text-lg group-hover:underline">
                  {m.firstName} {m.lastName}
                </span>
                <span className="block text-sm text-muted">{m.levelName}</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-10">
          <Link to="/team-info" className="btn-outline">
            See all {count} of us
          </Link>
        </p>
      </section>
    </>
  );
}
