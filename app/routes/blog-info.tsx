import { BLOG_EXCERPT_CHARS, BlogCard } from "~/components/blog-card";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { listBlogPosts } from "~/server/queries/content.server";
import { htmlExcerpt } from "~/server/sanitize.server";
import type { Route } from "./+types/blog-info";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "All blog posts",
    description:
      "Every post from the Maison Ivy blog, newest first: colour care, cutting, styling and treatment advice from our stylists.",
  });

/** Newest first (the query orders by date, then id). */
export async function loader({ context }: Route.LoaderArgs) {
  const posts = await listBlogPosts(context.db);
  return {
    posts: posts.map((p) => ({
      slug: p.slug,
      title: p.title,
      image: p.image,
      author: p.author,
      publishedAt: p.publishedAt,
      excerpt: htmlExcerpt(p.bodyHtml, BLOG_EXCERPT_CHARS),
    })),
  };
}

export default function BlogInfo({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
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
            {posts.map((post) => (
              <li key={post.slug}>
                <BlogCard post={post} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
