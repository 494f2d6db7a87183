import { BlogCard } from "~/components/blog-card";
import { Link } from "~/components/link";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { blogPostPage } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/blog";

const LATEST_COUNT = 3;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Blog",
    description:
      "Hair advice from the Maison Ivy team: keeping blonde bright, curl-friendly wash days, skin tests, bond builders and growing out grey.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const latest = await blogPostPage(context.get(requestContext).db, 1, LATEST_COUNT);
  return {
    total: latest?.total ?? 0,
    latest: latest?.items ?? [],
  };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { latest, total } = loaderData;
  const [first, ...rest] = latest;
  return (
    <>
      <PageIntro
        eyebrow="Blog"
        title="Notes from the salon floor"
        lead="Honest, practical hair advice from our stylists: what we tell clients in the chair, written down so you can take it home."
      >
        <Link to="/blog-info" className="btn-primary">
          Read all {total} posts
        </Link>
      </PageIntro>
      <section aria-labelledby="latest-heading" className="container-page py-16">
        <h2 id="latest-heading" className="text-3xl">
          Latest posts
        </h2>
        {first ? (
          <div className="mt-8">
            <BlogCard post={first} headingLevel="h3" featured eager />
          </div>
        ) : (
          <p className="mt-6 text-muted">Our first post is on its way.</p>
        )}
        {rest.length > 0 ? (
          <ul className="mt-6 grid gap-6 md:grid-cols-2">
            {rest.map((post) => (
              <li key={post.slug}>
                <BlogCard post={post} headingLevel="h3" />
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-10">
          <Link to="/blog-info" className="btn-outline">
            See all posts
          </Link>
        </p>
      </section>
    </>
  );
}
