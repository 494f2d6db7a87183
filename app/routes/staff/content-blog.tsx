import { Link } from "react-router";
import { EditNotice, ViewOnSite } from "~/components/staff/edit";
import { PinForm, PinnedMark } from "~/components/staff/ordered-rows";
import { StaffHeading, staffMeta, When } from "~/components/staff/ui";
import { postState } from "~/domain/blog";
import { staffPath } from "~/domain/staff/routes";
import { now } from "~/server/clock.server";
import { requestContext } from "~/server/request-context.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { refuse } from "~/server/staff/content.server";
import { listPostsForConsole, pinPost } from "~/server/staff/site-content.server";
import type { Route } from "./+types/content-blog";

export const meta = () => staffMeta("Blog");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "contentBlog");
  const at = now();
  const posts = await listPostsForConsole(args.context.get(requestContext).db);
  return { posts: posts.map((post) => ({ ...post, state: postState(post, at) })) };
}

/** Pins a post first on the blog, or takes its pin away: the only change made from the list. */
export async function action(args: Route.ActionArgs) {
  const { staff, input } = await requireStaffAction(args, "contentBlog");
  const id = /^\d{1,9}$/.test(input.id ?? "") ? Number(input.id) : 0;
  if (!id) return refuse(400, { error: "Choose a post from the list." });
  const pin = input.pinned === "1";
  if (!(await pinPost(args.context.get(requestContext).db, staff, id, pin)))
    return refuse(404, { error: "That post has been deleted." });
  return { done: pin ? "Pinned the post: it comes first on the blog." : "Unpinned the post." };
}

const STATE_LABELS = { draft: "Draft", scheduled: "Scheduled", published: "Published" } as const;

export default function ContentBlog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaffHeading title="Blog">
        Drafts are never shown; a scheduled post appears on the blog by itself at its time.{" "}
        <ViewOnSite href="/blog-info">View the blog</ViewOnSite>
      </StaffHeading>
      <EditNotice />
      <p className="mb-6">
        <Link to={staffPath("content/blog/new")} className="btn-primary">
          Write a new post
        </Link>
      </p>
      <ul className="space-y-3" aria-label="Posts">
        {loaderData.posts.map((post) => (
          <li key={post.id} className="card flex flex-wrap items-start justify-between gap-3 p-4">
            <div>
              {post.pinned ? <PinnedMark /> : null}
              <Link to={staffPath(`content/blog/${post.id}`)} className="text-lg font-semibold underline">
                {post.title}
              </Link>
              <p className="mt-1 text-sm text-muted">
                <span className="font-semibold text-ink" data-testid="post-state">
                  {STATE_LABELS[post.state]}
                </span>
                {post.state === "scheduled" && post.publishAt ? (
                  <>
                    {" "}
                    for <When at={post.publishAt} />
                  </>
                ) : post.state === "published" ? (
                  <> on {post.publishedAt}</>
                ) : null}{" "}
                · {post.author}
              </p>
            </div>
            <PinForm id={post.id} pinned={post.pinned} title={post.title} />
          </li>
        ))}
      </ul>
    </>
  );
}
