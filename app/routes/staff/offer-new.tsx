import { redirect } from "react-router";
import { EditForm, EditNotice, EditText, revalidateAfterSave } from "~/components/staff/edit";
import { OfferFields } from "~/components/staff/offer-fields";
import { StaffHeading, staffMeta } from "~/components/staff/ui";
import { standardSmallPrint } from "~/domain/offers";
import { staffPath } from "~/domain/staff/routes";
import { requestContext } from "~/server/request-context.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { createOffer, teamSlugs } from "~/server/staff/offers.server";
import type { Route } from "./+types/offer-new";

export const shouldRevalidate = revalidateAfterSave;

export const meta = () => staffMeta("New offer");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "offerNew");
  return {
    team: await teamSlugs(args.context.get(requestContext).db),
    // Written here rather than in the page: the offers' module brings Zod, which the browser need not load.
    smallPrint: standardSmallPrint({ audience: "new", code: "YOURCODE" }).join("\n"),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, input, files } = await requireStaffAction(args, "offerNew");
  const created = await createOffer(args.context.get(requestContext).db, staff, input, files);
  if ("refusal" in created) return created.refusal;
  return redirect(staffPath(`content/offers/${created.id}?created=1`));
}

/** A new offer starts with the standard small print and everything else to write. */
const START = {
  slug: "",
  title: "",
  summary: "",
  body: "",
  audience: "new",
  kind: "percent",
  discount: "",
  code: "",
  stylists: "",
  startDate: "",
  endDate: "",
  image: "/images/offers/general.svg",
  listed: "",
  smsHeadline: "",
  smsLead: "",
};

export default function OfferNew({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaffHeading title="New offer">
        It has a page as soon as it is saved; it shows on the Offers page only once you tick "Show on the Offers page",
        and then only between its first and last days (without a last day, until the shared end date).
      </StaffHeading>
      <EditNotice />
      <EditForm
        intent="create"
        version={1}
        current={{ ...START, smallPrint: loaderData.smallPrint }}
        submitLabel="Create offer"
        encType="multipart/form-data"
      >
        <EditText
          name="slug"
          label="Page address"
          hint="After /offers/: lower-case words joined by hyphens, such as winter-gloss. It cannot be changed later."
          required
          maxLength={60}
        />
        <OfferFields team={loaderData.team} picture={null} illustration={START.image} />
      </EditForm>
    </>
  );
}
