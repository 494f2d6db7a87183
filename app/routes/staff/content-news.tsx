import { EditNotice, EditPicture, EditSelect, EditText, EditTextArea, ViewOnSite } from "~/components/staff/edit";
import { OrderedRows } from "~/components/staff/ordered-rows";
import { StaffHeading, StaffSection, staffMeta } from "~/components/staff/ui";
import { inWords } from "~/domain/brand";
import { NEWS_PICTURES, withCurrent } from "~/domain/illustrations";
import { HOME_NEWS_COUNT, LINK_HUB_NEWS_COUNT } from "~/domain/news";
import { newsPath } from "~/domain/paths";
import { newsItemSchema } from "~/domain/staff/site-content";
import { listNewsItems } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { NEWS, type OrderedScreen, orderedAction } from "~/server/staff/site-content.server";
import type { Route } from "./+types/content-news";

export const meta = () => staffMeta("News");

const screen: OrderedScreen<typeof newsItemSchema> = {
  rows: NEWS,
  schema: newsItemSchema,
  noun: "news item",
  summary: (value) => value.title,
  slugged: true,
  illustrationOnly: {
    field: "alt",
    message: "Say what the illustration shows: without an uploaded photo, the item shows the illustration.",
  },
};

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "contentNews");
  return { items: await listNewsItems(args.context.get(requestContext).db) };
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input, files } = await requireStaffAction(args, "contentNews");
  return orderedAction(args.context.get(requestContext).db, staff, screen, intent, input, files);
}

export default function ContentNews({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaffHeading title="News">
        The first {inWords(HOME_NEWS_COUNT)} show as cards on the home page (the first {inWords(LINK_HUB_NEWS_COUNT)} on
        the link hub), in this order, pinned items first; each has its own page. Drag an item by its handle, or choose
        its place. Changes show on the site as soon as they are saved.{" "}
        <ViewOnSite href="/">View the home page</ViewOnSite>
      </StaffHeading>
      <EditNotice />
      <StaffSection id="news-list" title="News items" headingClass="mb-4 text-2xl">
        <OrderedRows
          suffix=""
          rows={loaderData.items}
          noun="news item"
          titleOf={(item) => item.title}
          valuesOf={({ title, slug, image, alt, body }) => ({ title, slug, image, alt, body })}
          viewHref={(item) => newsPath(item.slug)}
          withPicture
          pins
          fields={(item) => (
            <>
              <EditText name="title" label="Headline" required maxLength={120} />
              <EditText
                name="slug"
                label="Address"
                hint="The end of the item's page address: /news/late-evenings. Lower-case words joined by hyphens."
                required
                maxLength={80}
              />
              <EditPicture
                name="picture"
                label="Photo"
                hint="Wide, about 3 by 2: the item's card on the home page and the top of its page."
                current={item?.picture ?? null}
                fallback={{ src: item?.image ?? NEWS_PICTURES[0]?.value ?? "", width: 400, height: 260 }}
                example="The Wrenbridge salon lit up on a winter evening"
                remove={{ name: "removePicture", hint: "The item goes back to the illustration below." }}
              />
              <EditSelect
                name="image"
                label="Illustration"
                hint="Shown while the item has no uploaded photo."
                options={withCurrent(NEWS_PICTURES, item?.image)}
              />
              <EditText
                name="alt"
                label="What the illustration shows"
                hint="Read aloud to people who cannot see it. Needed only while the item has no uploaded photo."
                maxLength={200}
              />
              <EditTextArea name="body" label="Text" rows={5} required maxLength={2000} />
            </>
          )}
        />
      </StaffSection>
    </>
  );
}
