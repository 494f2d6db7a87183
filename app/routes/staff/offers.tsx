import { parseISO } from "date-fns";
import { Link } from "react-router";
import { EditCheckbox, EditForm, EditNotice, EditText, revalidateAfterSave, ViewOnSite } from "~/components/staff/edit";
import { Notice, StaffHeading, StaffSection, staffMeta } from "~/components/staff/ui";
import { formatLongDate } from "~/domain/dates";
import { DEFAULT_SHARED_END_DATE, discountLabel, offerEndDate, offerStatus } from "~/domain/offers";
import { staffPath } from "~/domain/staff/routes";
import { now } from "~/server/clock.server";
import { requestContext } from "~/server/request-context.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import {
  offerSettings,
  offersForConsole,
  setHideOffers,
  setListed,
  setSharedEndDate,
} from "~/server/staff/offers.server";
import type { Route } from "./+types/offers";

export const shouldRevalidate = revalidateAfterSave;

export const meta = () => staffMeta("Offers");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "offers");
  const [offers, settings] = await Promise.all([
    offersForConsole(args.context.get(requestContext).db),
    offerSettings(args.context.get(requestContext).db),
  ]);
  const sharedEndDate = settings.endDate?.value ?? DEFAULT_SHARED_END_DATE;
  const today = now();
  return {
    deleted: new URL(args.request.url).searchParams.get("deleted"),
    hideOffers: { version: settings.hideOffers?.version ?? 1, on: settings.hideOffers?.value === "true" },
    endDate: { version: settings.endDate?.version ?? 1, value: sharedEndDate },
    offers: offers.map((offer) => ({
      id: offer.id,
      slug: offer.slug,
      title: offer.title,
      code: offer.code,
      discount: discountLabel(offer),
      listed: offer.listed,
      version: offer.version,
      status: offerStatus(offer, sharedEndDate, today),
      starts: offer.startDate ? formatLongDate(parseISO(offer.startDate)) : null,
      ends: formatLongDate(parseISO(offerEndDate(offer, sharedEndDate))),
      ownEnd: offer.endDate !== null,
      sms: offer.smsHeadline !== null,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await requireStaffAction(args, "offers");
  const { db } = args.context.get(requestContext);
  if (intent === "list") {
    const refused = await setListed(db, staff, input);
    return refused ?? { done: input.listed === "on" ? "Listed on the Offers page." : "Taken off the Offers page." };
  }
  if (intent === "hide-offers") {
    const refused = await setHideOffers(db, staff, input);
    return refused ?? { done: input.hideOffers === "on" ? "Offers are hidden from the site." : "Offers are shown." };
  }
  const refused = await setSharedEndDate(db, staff, input);
  return refused ?? { done: "Shared end date saved." };
}

const STATUS = { running: "Running", upcoming: "Not started", ended: "Ended" } as const;

export default function Offers({ loaderData, actionData }: Route.ComponentProps) {
  const { hideOffers, endDate, offers } = loaderData;
  return (
    <>
      <StaffHeading title="Offers">
        Which offers show on the <ViewOnSite href="/offers">Offers page</ViewOnSite>, and until when. A listed offer
        shows from its first day to its last by itself; with none running, the page shows the 20% first-visit offer and
        refer-a-friend.
      </StaffHeading>
      {/* The deletion is news once: a later save on this page answers for itself. */}
      {loaderData.deleted && !actionData ? <Notice tone="success">Deleted “{loaderData.deleted}”.</Notice> : null}
      <EditNotice />
      <div className="mb-8 grid gap-6 md:grid-cols-2">
        <StaffSection id="page-switch" title="The whole page" className="card p-5" headingClass="mb-3 text-2xl">
          <EditForm
            intent="hide-offers"
            version={hideOffers.version}
            current={{ hideOffers: hideOffers.on ? "on" : "" }}
            submitLabel="Save"
          >
            <EditCheckbox
              name="hideOffers"
              label="Hide all offers"
              hint="Takes Offers out of the menu and the sitemap; the page says new offers are coming soon."
            />
          </EditForm>
        </StaffSection>
        <StaffSection id="shared-end" title="Shared end date" className="card p-5" headingClass="mb-3 text-2xl">
          <EditForm intent="end-date" version={endDate.version} current={{ endDate: endDate.value }} submitLabel="Save">
            <EditText
              name="endDate"
              label="Last day of offers without their own"
              type="date"
              required
              hint="Offers with a last day of their own keep it."
            />
          </EditForm>
        </StaffSection>
      </div>

      <section aria-labelledby="all-offers">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="all-offers" className="text-2xl">
            Every offer
          </h2>
          <Link to={staffPath("content/offers/new")} className="btn-primary">
            New offer
          </Link>
        </div>
        <ul className="grid gap-4" aria-label="Offers">
          {offers.map((offer) => (
            <li key={offer.id} className="card flex flex-wrap items-start justify-between gap-4 p-5">
              {/* The words take the row and the button wraps below them on a phone, never over them. */}
              <div className="min-w-0 flex-1 basis-64">
                <h3 className="text-xl">
                  <Link to={staffPath(`content/offers/${offer.id}`)} className="underline underline-offset-4">
                    {offer.title}
                  </Link>
                </h3>
                <p className="mt-1 text-sm text-muted">
                  {offer.discount} · code {offer.code} · /offers/{offer.slug}
                  {offer.sms ? " · sent by text" : ""}
                </p>
                <p className="mt-1 text-sm" data-testid={`offer-status-${offer.slug}`}>
                  <strong>{STATUS[offer.status]}</strong>
                  {offer.status === "upcoming" && offer.starts ? `: starts ${offer.starts}` : null}
                  {offer.status === "ended" ? `: ended ${offer.ends}` : `, until ${offer.ends}`}
                  {offer.ownEnd ? "" : " (the shared end date)"}
                  {offer.listed ? " · listed on the Offers page" : " · not listed"}
                </p>
              </div>
              <div className="shrink-0">
                <EditForm
                  intent="list"
                  version={offer.version}
                  current={{}}
                  hidden={{ id: String(offer.id), listed: offer.listed ? "" : "on" }}
                  idSuffix={`-${offer.id}`}
                  submitLabel={offer.listed ? "Take off the Offers page" : "List on the Offers page"}
                  submitName={`${offer.listed ? "Take off the Offers page" : "List on the Offers page"}: ${offer.title}`}
                >
                  {null}
                </EditForm>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
