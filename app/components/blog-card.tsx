import { parseISO } from "date-fns";
import { Link } from "~/components/link";
import type { BlogCardPost } from "~/domain/blog";
import { formatLongDate } from "~/domain/dates";
import { blogPostPath } from "~/domain/paths";
import { Picture } from "./picture";

/**
 * A post's body: the tags the sanitiser lets through, styled to match the rest of the site (prose-salon covers p,
 * h2, a and ul). The console's preview uses it too, so what staff see is what visitors get.
 */
export const POST_BODY_STYLES =
  "prose-salon max-w-none text-lg [&_blockquote]:border-l-2 [&_blockquote]:border-accent [&_blockquote]:pl-5 [&_blockquote]:font-display [&_blockquote]:text-xl [&_h3]:pt-2 [&_h3]:text-xl [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6";

/** Author and "November 21st 2026", with a machine-readable date. */
export function PostByline({
  author,
  publishedAt,
  className = "",
}: {
  author: string;
  publishedAt: string;
  className?: string;
}) {
  return (
    <p className={`text-sm text-muted ${className}`}>
      By <span className="font-medium text-ink">{author}</span>
      <span aria-hidden="true"> · </span>
      <span className="sr-only">, </span>
      <time dateTime={publishedAt}>{formatLongDate(parseISO(publishedAt))}</time>
    </p>
  );
}

/** A post in the blog list: image, title, the opening of the body, Read More, author and date. */
export function BlogCard({
  post,
  headingLevel = "h2",
  featured = false,
  eager = false,
}: {
  post: BlogCardPost;
  headingLevel?: "h2" | "h3";
  featured?: boolean;
  /** The first card is on a phone's first screen: its picture loads at once. */
  eager?: boolean;
}) {
  const Heading = headingLevel;
  const href = blogPostPath(post.slug);
  const headingId = `post-${post.slug}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`card flex h-full flex-col overflow-hidden ${featured ? "md:flex-row" : ""}`}
    >
      <Link to={href} tabIndex={-1} aria-hidden="true" className={featured ? "md:w-1/2 md:shrink-0" : ""}>
        <Picture
          picture={post.cover}
          fallback={post.image}
          fallbackWidth={1200}
          fallbackHeight={800}
          // The title beside it says what the post is: the picture is decoration here.
          alt=""
          sizes={
            featured ? "(min-width: 768px) 50vw, 100vw" : "(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw"
          }
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : "auto"}
          className="aspect-[3/2] h-full w-full bg-sand object-cover"
        />
      </Link>
      <div className={`flex flex-1 flex-col p-6 ${featured ? "md:p-10" : ""}`}>
        <PostByline author={post.author} publishedAt={post.publishedAt} />
        <Heading id={headingId} className={`mt-3 ${featured ? "text-3xl" : "text-2xl"}`}>
          <Link to={href} className="hover:text-accent-dark">
            {post.title}
          </Link>
        </Heading>
        <p className="mt-3 leading-relaxed text-muted">{post.excerpt}</p>
        <p className="mt-auto pt-6">
          <Link to={href} className="btn-outline">
            Read More<span className="sr-only">: {post.title}</span>
          </Link>
        </p>
      </div>
    </article>
  );
}
