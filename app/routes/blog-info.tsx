import { data } from "react-router";
import { BlogCard } from "~/components/blog-card";
import { contentErrorBoundary } from "~/components/not-found-notice";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { Pagination } from "~/components/pagination";
import { pagePath, pageSuffix, requestedPage } from "~/domain/pagination";
import { blogPostPage } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/blog-info";

const PATH = "/blog-info";

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  if (!loaded)
    return seo(args, {
      title: "No such page of posts",
      description: "That page of the blog does not exist. The newest posts are on the first page.",
      noIndex: true,
    });
  return seo(args, {
    title: `All blog posts${pageSuffix(loaded.page, loaded.pages)}`,
    description:
      "Every post from the Maison Ivy blog, newest first: colour care, cutting, styling and treatment advice from our stylists.",
    // Each page of the list is its own page for search engines, not a copy of the first.
    path: pagePath(PATH, loaded.page),
  });
};

/** Newest first (the query orders by date, then id), a page at a time. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const page = requestedPage(new URL(request.url));
  const posts = page === null ? null : await blogPostPage(context.get(requestContext).db, page);
  if (!posts) throw data("No such page", { status: 404 });
  return {
    page: posts.page,
    pages: posts.pages,
    posts: posts.items,
  };
}

export default function BlogInfo({ loaderData }: Route.ComponentProps) {
  const { posts, page, pages } = loaderData;
  return (
    <>
      <PageIntro
        eyebrow="Blog"
        title="All posts"
        lead="Advice from our stylists on caring for your hair between appointments, newest first."
      />
      <section aria-label="Posts" className="container-page py-16">
        {posts.length === 0 ? (
          <p className="text-muted">Our first post is on its way.</p>
        ) : (
          <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="post-list">
            {posts.map((post, i) => (
              <li key={post.slug}>
                <BlogCard post={post} eager={i === 0} />
              </li>
            ))}
          </ol>
        )}
        <Pagination path={PATH} page={page} pages={pages} label="Pages of posts" />
      </section>
    </>
  );
}

export const ErrorBoundary = contentErrorBoundary({
  title: "We couldn't find that page of posts",
  message: "The blog has fewer pages than that. The newest posts are on the first page.",
  links: [
    { to: PATH, label: "Read the newest posts" },
    { to: "/", label: "Home" },
  ],
});
