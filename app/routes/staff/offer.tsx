import { data, Link } from "react-router";
import { EditForm, EditNotice, revalidateAfterSave, ViewOnSite } from "~/components/staff/edit";
import { OfferFields } from "~/components/staff/offer-fields";
import { StaffHeading, staffMeta } from "~/components/staff/ui";
import { offerFormValues } from "~/domain/offers";
import { staffPath } from "~/domain/staff/routes";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { offerForConsole, saveOffer, teamSlugs } from "~/server/staff/offers.server";
import type { Route } from "./+types/offer";

export const shouldRevalidate = revalidateAfterSave;

export const meta = ({ data }: Route.MetaArgs) => staffMeta(data ? `Offer: ${data.title}` : "Offer");

const idOf = (param: string) => (/^\d{1,9}$/.test(param) ? Number(param) : null);

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "offer");
  const id = idOf(args.params.id);
  const offer = id === null ? undefined : await offerForConsole(args.context.db, id);
  if (!offer) throw data({ error: "There is no such offer." }, { status: 404 });
  return {
    id: offer.id,
    slug: offer.slug,
    title: offer.title,
    version: offer.version,
    sms: offer.smsHeadline !== null,
    hasLevelPrices: offer.levelPrices !== null,
    values: offerFormValues(offer),
    team: await teamSlugs(args.context.db),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, input } = await requireStaffAction(args, "offer");
  const id = idOf(args.params.id);
  if (id === null) return data({ error: "There is no such offer." }, { status: 404 });
  return (await saveOffer(args.context.db, staff, id, input)) ?? { done: "Offer saved. The site shows it now." };
}

export default function OfferEdit({ loaderData }: Route.ComponentProps) {
  const { id, slug, title, version, sms, hasLevelPrices, values, team } = loaderData;
  return (
    <>
      <p className="mb-2">
        <Link to={staffPath("content/offers")} className="underline underline-offset-4">
          All offers
        </Link>
      </p>
      <StaffHeading title={title}>
        <ViewOnSite href={`/offers/${slug}`}>See its page</ViewOnSite>
        {sms ? (
          <>
            {" · "}
            <ViewOnSite href={`/sms/${slug}`}>See its text-message page</ViewOnSite>
          </>
        ) : null}
        {hasLevelPrices ? (
          <p className="mt-2 text-sm">Its page also shows the typical price at each level, which stays as it is.</p>
        ) : null}
      </StaffHeading>
      <EditNotice />
      <EditForm intent="save" version={version} current={values} hidden={{ id: String(id) }} submitLabel="Save offer">
        <OfferFields team={team} />
      </EditForm>
    </>
  );
}
