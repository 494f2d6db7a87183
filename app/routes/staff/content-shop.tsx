import { EditNotice, EditPicture, EditSelect, EditText, EditTextArea, ViewOnSite } from "~/components/staff/edit";
import { OrderedRows } from "~/components/staff/ordered-rows";
import { StaffHeading, StaffSection, staffMeta } from "~/components/staff/ui";
import { SHOP_BANNER_PICTURES, SHOP_BRAND_PICTURES, withCurrent } from "~/domain/illustrations";
import { shopBannerSchema, shopTileSchema } from "~/domain/staff/site-content";
import { getStoreData } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { BANNERS, type OrderedScreen, orderedAction, TILES } from "~/server/staff/site-content.server";
import type { Route } from "./+types/content-shop";

export const meta = () => staffMeta("Online shop");

const banners: OrderedScreen<typeof shopBannerSchema> = {
  rows: BANNERS,
  schema: shopBannerSchema,
  noun: "banner",
  summary: (value) => value.alt,
};

const tiles: OrderedScreen<typeof shopTileSchema> = {
  rows: TILES,
  schema: shopTileSchema,
  noun: "tile",
  summary: (value) => `${value.brand}: ${value.title}`,
};

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "contentShop");
  return getStoreData(args.context.get(requestContext).db);
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input, files } = await requireStaffAction(args, "contentShop");
  const [verb = "", which] = intent.split("-");
  return which === "banner"
    ? orderedAction(args.context.get(requestContext).db, staff, banners, verb, input)
    : orderedAction(args.context.get(requestContext).db, staff, tiles, verb, input, files);
}

const URL_HINT = "A page of the shop, as a full https:// address, or a page of this site starting with /.";

export default function ContentShop({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaffHeading title="Online shop">
        The banners turn at the top of the online shop page, in this order; the brand tiles follow.{" "}
        <ViewOnSite href="/online-shop">View the online shop page</ViewOnSite>
      </StaffHeading>
      <EditNotice />
      <StaffSection id="banners-heading" title="Banners" className="mb-10" headingClass="mb-4 text-2xl">
        <OrderedRows
          suffix="-banner"
          rows={loaderData.banners}
          noun="banner"
          titleOf={(banner) => banner.alt}
          valuesOf={({ mobileImage, desktopImage, alt, url }) => ({ mobileImage, desktopImage, alt, url })}
          fields={(banner) => (
            <>
              <EditText
                name="alt"
                label="What the banner says"
                hint="Read aloud in place of the picture."
                required
                maxLength={200}
              />
              <EditSelect
                name="mobileImage"
                label="Picture on a phone"
                options={withCurrent(SHOP_BANNER_PICTURES, banner?.mobileImage)}
              />
              <EditSelect
                name="desktopImage"
                label="Picture on a wide screen"
                options={withCurrent(SHOP_BANNER_PICTURES, banner?.desktopImage)}
              />
              <EditText name="url" label="Where it leads" hint={URL_HINT} required />
            </>
          )}
        />
      </StaffSection>
      <StaffSection id="tiles-heading" title="Brand tiles" headingClass="mb-4 text-2xl">
        <OrderedRows
          suffix="-tile"
          rows={loaderData.tiles}
          noun="tile"
          titleOf={(tile) => `${tile.brand}: ${tile.title}`}
          valuesOf={({ image, brand, title, description, url }) => ({ image, brand, title, description, url })}
          withPicture
          fields={(tile) => (
            <>
              <EditText name="brand" label="Brand" required maxLength={60} />
              <EditText
                name="title"
                label="Range"
                hint="Shown on the button: SHOP Bond Rescue."
                required
                maxLength={60}
              />
              <EditTextArea name="description" label="Description" rows={3} required maxLength={400} />
              <EditPicture
                name="picture"
                label="Photo"
                hint="Square: the products of the range, on a plain background."
                current={tile?.picture ?? null}
                fallback={{ src: tile?.image ?? SHOP_BRAND_PICTURES[0]?.value ?? "", width: 600, height: 600 }}
                example="Three bottles of the Bond Rescue range"
                remove={{ name: "removePicture", hint: "The tile goes back to the illustration below." }}
              />
              <EditSelect
                name="image"
                label="Illustration"
                hint="Shown while the tile has no uploaded photo."
                options={withCurrent(SHOP_BRAND_PICTURES, tile?.image)}
              />
              <EditText name="url" label="Where it leads" hint={URL_HINT} required />
            </>
          )}
        />
      </StaffSection>
    </>
  );
}
