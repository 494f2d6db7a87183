import { data, Form, Link, redirect } from "react-router";
import { EditForm, EditNotice, revalidateAfterSave, ViewOnSite } from "~/components/staff/edit";
import { OfferFields } from "~/components/staff/offer-fields";
import { CreatedNotice, StaffHeading, staffMeta } from "~/components/staff/ui";
import { offerFormValues } from "~/domain/offers";
import { offerPath } from "~/domain/paths";
import { staffPath } from "~/domain/staff/routes";
import { requestContext } from "~/server/request-context.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { deleteOffer, offerForConsole, offerKeptBecause, saveOffer, teamSlugs } from "~/server/staff/offers.server";
import type { Route } from "./+types/offer";

export const shouldRevalidate = revalidateAfterSave;

export const meta = ({ data }: Route.MetaArgs) => staffMeta(data ? `Offer: ${data.title}` : "Offer");

const idOf = (param: string) => (/^\d{1,9}$/.test(param) ? Number(param) : null);

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "offer");
  const id = idOf(args.params.id);
  const offer = id === null ? undefined : await offerForConsole(args.context.get(requestContext).db, id);
  if (!offer) throw data({ error: "There is no such offer." }, { status: 404 });
  return {
    id: offer.id,
    slug: offer.slug,
    title: offer.title,
    version: offer.version,
    sms: offer.smsHeadline !== null,
    hasLevelPrices: offer.levelPrices !== null,
    values: offerFormValues(offer),
    picture: offer.picture,
    illustration: offer.image,
    team: await teamSlugs(args.context.get(requestContext).db),
    keptBecause: await offerKeptBecause(args.context.get(requestContext).db, offer),
    /** Just made on the new offer's page, which comes here with ?created. */
    created: new URL(args.request.url).searchParams.has("created"),
    /** The delete button was pressed: the page asks to confirm (a link, so it works without JavaScript). */
    confirmingDelete: new URL(args.request.url).searchParams.has("delete"),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input, files } = await requireStaffAction(args, "offer");
  const id = idOf(args.params.id);
  if (id === null) return data({ error: "There is no such offer." }, { status: 404 });
  if (intent === "delete") {
    const outcome = await deleteOffer(args.context.get(requestContext).db, staff, id, input);
    if ("deleted" in outcome)
      throw redirect(`${staffPath("content/offers")}?${new URLSearchParams({ deleted: outcome.deleted })}`);
    return outcome;
  }
  return (
    (await saveOffer(args.context.get(requestContext).db, staff, id, input, files)) ?? {
      done: "Offer saved. The site shows it now.",
    }
  );
}

export default function OfferEdit({ loaderData }: Route.ComponentProps) {
  const { id, slug, title, version, sms, hasLevelPrices, values, team, keptBecause, picture, illustration } =
    loaderData;
  return (
    <>
      <p className="mb-2">
        <Link to={staffPath("content/offers")} className="underline underline-offset-4">
          All offers
        </Link>
      </p>
      <StaffHeading title={title}>
        <ViewOnSite href={offerPath(slug)}>See its page</ViewOnSite>
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
      {loaderData.created ? <CreatedNotice>Offer created. Its page is live.</CreatedNotice> : null}
      <EditNotice />
      <EditForm
        intent="save"
        version={version}
        current={values}
        hidden={{ id: String(id) }}
        submitLabel="Save offer"
        encType="multipart/form-data"
      >
        <OfferFields team={team} picture={picture} illustration={illustration} />
      </EditForm>
      <section id="delete-offer" aria-labelledby="delete-heading" className="card mt-10 max-w-2xl p-5">
        <h2 id="delete-heading" className="mb-3 text-2xl">
          Delete this offer
        </h2>
        {keptBecause.length > 0 ? (
          <>
            <p>It cannot be deleted, because clients may already know it:</p>
            <ul className="my-3 list-disc space-y-1 pl-6" data-testid="offer-kept-because">
              {keptBecause.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
            <p>To stop it, give it a last day above, or take it off the Offers page from the list of offers.</p>
          </>
        ) : loaderData.confirmingDelete ? (
          <div className="rounded-xl border border-accent-dark bg-blush px-4 py-3">
            <p className="font-semibold">
              Delete “{title}” for good? Its page /offers/{slug} stops at once.
            </p>
            <Form method="post" preventScrollReset className="mt-3 flex flex-wrap gap-3">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="version" value={version} />
              <button type="submit" className="btn-primary">
                Yes, delete it
              </button>
              <Link to="#delete-offer" className="btn-outline" replace>
                Keep it
              </Link>
            </Form>
          </div>
        ) : (
          <>
            <p className="mb-3">It has never been listed or sent, so it can go.</p>
            <Link to="?delete#delete-offer" className="btn-outline">
              Delete this offer…
            </Link>
          </>
        )}
      </section>
    </>
  );
}
