import { data } from "react-router";
import { POST_BODY_STYLES, PostByline } from "~/components/blog-card";
import { JsonLd } from "~/components/json-ld";
import { Link } from "~/components/link";
import { contentErrorBoundary } from "~/components/not-found-notice";
import { seo } from "~/components/page-meta";
import { Picture } from "~/components/picture";
import { ReturnLink } from "~/components/return-link";
import { coverAddress } from "~/domain/blog";
import { blogPostingJsonLd } from "~/domain/structured-data";
import { config } from "~/server/config.server";
import { getBlogPost } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import { htmlExcerpt, sanitizeBlogHtml } from "~/server/sanitize.server";
import type { Route } from "./+types/blog-post";

const DESCRIPTION_CHARS = 155;

export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await getBlogPost(context.get(requestContext).db, params.slug);
  if (!post) throw data("No such post", { status: 404 });
  const origin = config().PUBLIC_URL;
  const description = htmlExcerpt(post.bodyHtml, DESCRIPTION_CHARS);
  return {
    post: {
      slug: post.slug,
      title: post.title,
      image: post.image,
      cover: post.cover,
      author: post.author,
      publishedAt: post.publishedAt,
      // The body is staff-written HTML from the database: only the sanitised copy ever reaches the page.
      bodyHtml: sanitizeBlogHtml(post.bodyHtml, origin),
      description,
    },
    structuredData: blogPostingJsonLd({ ...post, image: coverAddress(post), description }, origin),
  };
}

export const meta: Route.MetaFunction = (args) => {
  const post = args.loaderData?.post;
  if (!post)
    return seo(args, {
      title: "Post not found",
      description: "We couldn't find that blog post. Browse every post on the Maison Ivy blog.",
      noIndex: true,
    });
  return seo(args, { title: post.title, description: post.description, image: coverAddress(post), type: "article" });
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, structuredData } = loaderData;
  return (
    <article className="container-page py-12 sm:py-16">
      <JsonLd data={structuredData} />
      <div className="mx-auto max-w-3xl">
        <ReturnLink
          to="/blog-info"
          className="inline-flex items-center gap-2 text-sm font-medium underline-offset-4 hover:underline"
        >
          Back to the blog
        </ReturnLink>
        <h1 className="mt-6 text-4xl leading-tight sm:text-5xl">{post.title}</h1>
        <PostByline author={post.author} publishedAt={post.publishedAt} className="mt-5" />
      </div>
      <Picture
        picture={post.cover}
        fallback={post.image}
        fallbackWidth={1200}
        fallbackHeight={800}
        // The cover is what the post's first screen shows: fetched first, and described for those who cannot see it.
        alt={post.cover ? undefined : ""}
        sizes="(min-width: 960px) 896px, 100vw"
        fetchPriority="high"
        className="mx-auto mt-10 aspect-[3/2] w-full max-w-4xl rounded-2xl border border-line bg-sand object-cover"
      />
      <div className="mx-auto mt-12 max-w-3xl">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the body was sanitised on the server when it was stored */}
        <div className={POST_BODY_STYLES} data-testid="post-body" dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />
        <div className="mt-14 flex flex-wrap gap-3 border-t border-line pt-8">
          <Link to="/blog-info" className="btn-outline">
            Back to the blog
          </Link>
          <Link to="/prices" className="btn-accent">
            Get a price quote
          </Link>
        </div>
      </div>
    </article>
  );
}

export const ErrorBoundary = contentErrorBoundary({
  title: "We couldn't find that post",
  message: "It may have been renamed, or the link may be mistyped. Every post is listed on the blog, newest first.",
  links: [
    { to: "/blog-info", label: "See all posts" },
    { to: "/", label: "Home" },
  ],
});
