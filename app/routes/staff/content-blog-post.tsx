/**
 * One blog post's editor. The post is written in Markdown; the server renders
 * and sanitises it, for the stored page as for the preview. Without
 * JavaScript the Preview button shows the rendered post under the form, with
 * what was typed kept; with it, the preview follows the typing.
 */
import { data, Link, redirect } from "react-router";
import { POST_BODY_STYLES } from "~/components/blog-card";
import {
  EditForm,
  EditNotice,
  EditPicture,
  EditSelect,
  EditText,
  EditTextArea,
  ViewOnSite,
} from "~/components/staff/edit";
import { skipRevalidationAfterPreview, useLivePreview } from "~/components/staff/post-preview";
import { CreatedNotice, StaffHeading, StaffSection, staffMeta, When } from "~/components/staff/ui";
import { postState } from "~/domain/blog";
import { BLOG_COVERS, withCurrent } from "~/domain/illustrations";
import { blogPostPath } from "~/domain/paths";
import { londonLocal } from "~/domain/salon-time";
import { staffPath } from "~/domain/staff/routes";
import { blogPostSchema } from "~/domain/staff/site-content";
import { now } from "~/server/clock.server";
import { config } from "~/server/config.server";
import { renderMarkdown } from "~/server/markdown.server";
import { requestContext } from "~/server/request-context.server";
import { sanitizeBlogHtml } from "~/server/sanitize.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { parseEdit } from "~/server/staff/content.server";
import { createPost, getPostForConsole, updatePost } from "~/server/staff/site-content.server";
import type { Route } from "./+types/content-blog-post";

export const shouldRevalidate = skipRevalidationAfterPreview;

export const meta = ({ data: loaded }: Route.MetaArgs) =>
  staffMeta(loaded?.post ? `Edit “${loaded.post.title}”` : "New blog post");

/** "new", or the id of a post; anything else is no post at all. */
function postId(param: string | undefined): number | "new" | null {
  if (param === "new") return "new";
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const notFound = () => data({ error: "There is no such post." }, { status: 404 });

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "contentBlogPost");
  const id = postId(args.params.id);
  if (id === null) throw notFound();
  const created = new URL(args.request.url).searchParams.has("created");
  if (id === "new") return { post: null, created: false };
  const row = await getPostForConsole(args.context.get(requestContext).db, id);
  if (!row) throw notFound();
  const at = now();
  return {
    created,
    post: {
      id: row.id,
      version: row.version,
      title: row.title,
      slug: row.slug,
      state: postState(row, at),
      publishAt: row.publishAt ? row.publishAt.toISOString() : null,
      // A post written before the editor has no Markdown: its HTML is valid Markdown and renders to itself.
      values: {
        title: row.title,
        slug: row.slug,
        author: row.author,
        image: row.image,
        markdown: row.markdown ?? row.bodyHtml,
        status: row.status,
        // A post from before scheduling shows its own date, so saving an edit does not move it to today.
        publishAt: row.publishAt ? londonLocal(row.publishAt) : `${row.publishedAt}T09:00`,
      },
      bodyHtml: sanitizeBlogHtml(row.bodyHtml, config().PUBLIC_URL),
      image: row.image,
      cover: row.cover,
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input, files } = await requireStaffAction(args, "contentBlogPost");
  const id = postId(args.params.id);
  if (id === null) return notFound();
  const origin = config().PUBLIC_URL;
  // The live preview (intent "preview") and the Preview button (a save form sent with `preview`) change nothing.
  if (intent === "preview" || input.preview !== undefined)
    return { preview: renderMarkdown(input.markdown ?? "", origin), values: input };
  const parsed = parseEdit(blogPostSchema, input);
  if (!parsed.ok) return parsed.refusal;
  if (id === "new") {
    const created = await createPost(args.context.get(requestContext).db, staff, input, parsed.value, origin, files);
    if ("id" in created) throw redirect(staffPath(`content/blog/${created.id}?created=1`));
    return created;
  }
  const refused = await updatePost(args.context.get(requestContext).db, staff, id, input, parsed.value, origin, files);
  if (refused) return refused;
  const saved = await getPostForConsole(args.context.get(requestContext).db, id);
  const state = saved ? postState(saved, now()) : "draft";
  return {
    done:
      state === "draft"
        ? "Saved as a draft: visitors do not see it."
        : state === "scheduled"
          ? "Saved. The post is scheduled: it appears on the blog by itself at its publishing time."
          : "Saved. The post is on the blog.",
  };
}

const STATUS_OPTIONS = [
  { value: "draft", label: "Draft: not shown" },
  { value: "published", label: "Published: shown from its publishing time" },
];

type Answer = { preview: string; values: Record<string, string | undefined> } | { done: string } | { error: string };

export default function ContentBlogPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post } = loaderData;
  const answer = actionData as Answer | undefined;
  const previewed = answer && "preview" in answer ? answer : undefined;
  const stored: Record<string, string | undefined> = post?.values ?? { status: "draft" };
  // After the Preview button the form shows what was typed, not what is stored.
  const current = previewed ? { ...stored, ...previewed.values } : stored;
  const live = useLivePreview();
  const previewHtml = live.html ?? previewed?.preview ?? post?.bodyHtml ?? "";
  return (
    <>
      <p className="mb-4">
        <Link to={staffPath("content/blog")} className="underline">
          All posts
        </Link>
      </p>
      <StaffHeading title={post ? `Edit “${post.title}”` : "New blog post"}>
        {post ? (
          post.state === "draft" ? (
            "A draft: visitors do not see it."
          ) : post.state === "scheduled" && post.publishAt ? (
            <>
              Scheduled: it appears on the blog on <When at={post.publishAt} />.
            </>
          ) : (
            <>
              Published. <ViewOnSite href={blogPostPath(post.slug)} />
            </>
          )
        ) : (
          "Write it in Markdown: ## for a heading, **bold**, *italic*, - for a list, [words](address) for a link."
        )}
      </StaffHeading>
      {loaderData.created ? <CreatedNotice>Post created.</CreatedNotice> : null}
      {previewed ? null : <EditNotice />}
      <div className="grid gap-8 xl:grid-cols-2" onInput={live.onInput} onSubmit={live.cancel}>
        <EditForm
          intent="save"
          version={post?.version ?? 1}
          current={current}
          submitLabel={post ? "Save the post" : "Create the post"}
          encType="multipart/form-data"
        >
          <EditText name="title" label="Title" required maxLength={120} />
          <EditText
            name="slug"
            label="Address"
            hint="The end of the post's address: /blog/winter-colour-care. Lower-case words joined by hyphens."
            required
            maxLength={80}
          />
          <EditText name="author" label="Author" required maxLength={80} />
          <EditPicture
            name="cover"
            label="Cover picture"
            hint="Wide, about 3 by 2: the top of the post and its card on the blog."
            example="Freshly toned blonde under the salon lights"
            current={post?.cover ?? null}
            fallback={{ src: post?.image ?? stored.image ?? BLOG_COVERS[0]?.value ?? "", width: 1200, height: 800 }}
            remove={{ name: "removeCover", hint: "The post goes back to the illustration below." }}
          />
          <EditSelect
            name="image"
            label="Illustration"
            hint="Shown while the post has no uploaded cover."
            options={withCurrent(BLOG_COVERS, stored.image)}
          />
          <EditTextArea
            name="markdown"
            label="Post"
            hint="Markdown. Headings start at ##; HTML is allowed but only text formatting and links are kept."
            rows={18}
            required
            maxLength={50_000}
          />
          <EditSelect name="status" label="State" options={STATUS_OPTIONS} />
          <EditText
            name="publishAt"
            type="datetime-local"
            label="Publishing time (UK time)"
            hint="Empty: now, when you publish. A time to come schedules the post: it appears by itself then."
          />
          <p className="mb-4">
            <button type="submit" name="preview" value="show" className="btn-outline">
              Preview
            </button>
          </p>
        </EditForm>
        <StaffSection id="preview-heading" title="Preview" className="card min-w-0 p-5" headingClass="mb-4 text-2xl">
          <div>
            {previewHtml ? (
              <div
                className={POST_BODY_STYLES}
                data-testid="post-preview"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised on the server
                dangerouslySetInnerHTML={{ __html: previewHtml }}
              />
            ) : (
              <p className="text-muted">Write the post, then choose Preview to see it as visitors will.</p>
            )}
          </div>
        </StaffSection>
      </div>
    </>
  );
}
