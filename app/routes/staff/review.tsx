import { data, Link } from "react-router";
import { EditForm, EditNotice, EditSelect, EditText, EditTextArea, ViewOnSite } from "~/components/staff/edit";
import { Notice, StaffHeading, StaffSection, staffMeta } from "~/components/staff/ui";
import { reviewsPath } from "~/domain/paths";
import { provenanceText } from "~/domain/review-invitations";
import { hideSchema, reviewSchema } from "~/domain/staff/reviews";
import { staffPath } from "~/domain/staff/routes";
import { requestContext } from "~/server/request-context.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { parseEdit, refuse } from "~/server/staff/content.server";
import { recordId } from "~/server/staff/records.server";
import { getReview, hideReview, publishReview, saveReview, teamNames } from "~/server/staff/reviews.server";
import type { Route } from "./+types/review";

export const meta = ({ data }: Route.MetaArgs) => staffMeta(data ? `Review by ${data.review.client}` : "Review");

const NOT_FOUND = "There is no review with that number.";

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "review");
  const id = recordId(args.params.id);
  const row = id ? await getReview(args.context.get(requestContext).db, id) : undefined;
  if (!id || !row) throw data({ error: NOT_FOUND }, { status: 404 });
  const team = await teamNames(args.context.get(requestContext).db);
  return {
    review: {
      id: row.id,
      version: row.version,
      client: row.client,
      stylistSlug: row.stylistSlug,
      hiddenReason: row.hiddenReason,
      hiddenAt: row.hiddenAt?.toISOString() ?? null,
      current: {
        review: row.review,
        client: row.client,
        stylistSlug: row.stylistSlug,
        rating: row.rating === null ? "" : String(row.rating),
        reviewedOn: row.reviewedOn ?? "",
        sourceDetail: row.sourceDetail ?? "",
      },
      provenance: provenanceText(row),
    },
    team: team.map((m) => ({ value: m.slug, label: `${m.firstName} ${m.lastName}` })),
    added: new URL(args.request.url).searchParams.has("added"),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await requireStaffAction(args, "review");
  const id = recordId(args.params.id);
  if (!id) return refuse(404, { error: NOT_FOUND });
  const db = args.context.get(requestContext).db;
  if (intent === "hide") {
    const parsed = parseEdit(hideSchema, input);
    if (!parsed.ok) return parsed.refusal;
    const refusal = await hideReview(db, staff, id, input, parsed.value.reason);
    return refusal ?? { done: "The review is hidden from the site. The reason is kept with it and in the audit log." };
  }
  if (intent === "publish") {
    const refusal = await publishReview(db, staff, id, input);
    return refusal ?? { done: "The review is on the site again." };
  }
  const parsed = parseEdit(reviewSchema, input);
  if (!parsed.ok) return parsed.refusal;
  const team = await teamNames(db);
  if (!team.some((m) => m.slug === parsed.value.stylistSlug))
    return refuse(400, {
      error: "Please choose a stylist from the team.",
      fieldErrors: { stylistSlug: "Please choose a stylist from the team." },
      values: input,
    });
  const refusal = await saveReview(db, staff, id, input, parsed.value);
  return refusal ?? { done: "Saved. The review pages show it now." };
}

const RATINGS = [
  { value: "", label: "No rating" },
  ...[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} star${n === 1 ? "" : "s"}` })),
];

export default function ReviewPage({ loaderData }: Route.ComponentProps) {
  const { review, team, added } = loaderData;
  return (
    <>
      <StaffHeading title={`Review by ${review.client}`}>
        <Link to={staffPath("content/reviews")} className="underline">
          All reviews
        </Link>{" "}
        · <ViewOnSite href={reviewsPath(review.stylistSlug)}>View the stylist's reviews</ViewOnSite>
      </StaffHeading>
      {added ? <Notice tone="success">The review is added and published.</Notice> : null}
      <EditNotice />
      {review.hiddenReason ? (
        <Notice>
          <strong>Hidden from the site.</strong> Reason: {review.hiddenReason}
        </Notice>
      ) : (
        <p className="mb-4">Published on the site.</p>
      )}
      <p className="mb-4" data-testid="provenance">
        {review.provenance}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <StaffSection id="edit-heading" title="The review" className="card p-5" headingClass="mb-4 text-2xl">
          <EditForm
            intent="review"
            version={review.version}
            current={review.current}
            hidden={{ id: String(review.id) }}
            submitLabel="Save"
          >
            <EditTextArea name="review" label="Review" required maxLength={2000} />
            <EditText name="client" label="Client, as shown" required maxLength={80} />
            <EditSelect name="stylistSlug" label="Stylist" options={team} />
            <EditSelect name="rating" label="Rating" options={RATINGS} />
            <EditText name="reviewedOn" type="date" label="Date written (optional)" />
            <EditText name="sourceDetail" label="Where it came from (optional)" maxLength={80} />
          </EditForm>
        </StaffSection>
        <StaffSection
          id="visibility-heading"
          title={review.hiddenReason ? "Show it again" : "Hide this review"}
          className="card p-5"
          headingClass="mb-2 text-2xl"
        >
          {review.hiddenReason ? (
            <EditForm
              intent="publish"
              version={review.version}
              current={{}}
              hidden={{ id: String(review.id) }}
              idSuffix="-publish"
              submitLabel="Publish again"
            >
              <p className="mb-4 text-muted">It goes back on the site as it was.</p>
            </EditForm>
          ) : (
            <EditForm
              intent="hide"
              version={review.version}
              current={{ reason: "" }}
              hidden={{ id: String(review.id) }}
              idSuffix="-hide"
              submitLabel="Hide the review"
            >
              <p className="mb-4 text-muted">
                Genuine reviews stay up, good or bad. Hide one only if it is not a real client's, names someone, or is
                abusive, and say which.
              </p>
              <EditTextArea name="reason" label="Reason for hiding it" rows={3} maxLength={500} />
            </EditForm>
          )}
        </StaffSection>
      </div>
    </>
  );
}
