import { Link, redirect } from "react-router";
import {
  EditForm,
  EditNotice,
  EditSelect,
  EditText,
  EditTextArea,
  TextFileInto,
  ViewOnSite,
} from "~/components/staff/edit";
import { StaffHeading, StaffSection, staffMeta } from "~/components/staff/ui";
import { provenanceText } from "~/domain/review-invitations";
import { IMPORT_COLUMNS, MAX_IMPORT_CHARS } from "~/domain/staff/review-import";
import { parseReviewsCsv, reviewSchema } from "~/domain/staff/reviews";
import { staffPath } from "~/domain/staff/routes";
import { requestContext } from "~/server/request-context.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { parseEdit, refuse } from "~/server/staff/content.server";
import { addReview, importReviews, listAllReviews, teamNames } from "~/server/staff/reviews.server";
import type { Route } from "./+types/reviews";

export const meta = () => staffMeta("Reviews");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "reviews");
  const [rows, team] = await Promise.all([
    listAllReviews(args.context.get(requestContext).db),
    teamNames(args.context.get(requestContext).db),
  ]);
  const names = new Map(team.map((m) => [m.slug, `${m.firstName} ${m.lastName}`]));
  return {
    // A stylist who has moved on keeps her reviews (her page says she moved on), so she stays choosable, marked.
    team: team.map((m) => ({
      value: m.slug,
      label: `${m.firstName} ${m.lastName}${m.retired ? " (moved on)" : ""}`,
    })),
    reviews: rows.map((r) => ({
      id: r.id,
      review: r.review,
      client: r.client,
      stylist: names.get(r.stylistSlug) ?? r.stylistSlug,
      rating: r.rating,
      reviewedOn: r.reviewedOn,
      hiddenReason: r.hiddenReason,
      provenance: provenanceText(r),
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await requireStaffAction(args, "reviews");
  const db = args.context.get(requestContext).db;
  const team = await teamNames(db);
  if (intent === "import-reviews") {
    const result = parseReviewsCsv(input.csv ?? "", team);
    if (!result.ok)
      return refuse(400, {
        error: result.error,
        fieldErrors: {
          csv:
            result.problems.length > 0
              ? result.problems.map((p) => `Row ${p.row}: ${p.message}`).join(" ")
              : result.error,
        },
        values: input,
      });
    const { imported, alreadyHere } = await importReviews(db, staff, result.reviews);
    const reviewsOf = (n: number) => `${n} ${n === 1 ? "review" : "reviews"}`;
    const skipped =
      alreadyHere > 0
        ? ` ${reviewsOf(alreadyHere)} of the file ${alreadyHere === 1 ? "was" : "were"} already here and left as ${alreadyHere === 1 ? "it was" : "they were"}.`
        : "";
    if (imported === 0) return { done: `Nothing new to import:${skipped}` };
    return { done: `${reviewsOf(imported)} ${imported === 1 ? "is" : "are"} imported and published.${skipped}` };
  }
  const parsed = parseEdit(reviewSchema, input);
  if (!parsed.ok) return parsed.refusal;
  if (!team.some((m) => m.slug === parsed.value.stylistSlug))
    return refuse(400, {
      error: "Please choose a stylist from the team.",
      fieldErrors: { stylistSlug: "Please choose a stylist from the team." },
      values: input,
    });
  const id = await addReview(db, staff, parsed.value);
  return redirect(staffPath(`content/reviews/${id}?added=1`));
}

const RATINGS = [
  { value: "", label: "No rating" },
  ...[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} star${n === 1 ? "" : "s"}` })),
];

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { reviews, team } = loaderData;
  return (
    <>
      <StaffHeading title="Reviews">
        Every genuine review is shown on the site, whatever its rating. A review is hidden only for a reason you give
        (not a real client, personal details, abuse). <ViewOnSite href="/reviews">Open the reviews page</ViewOnSite>
      </StaffHeading>
      <EditNotice />
      <div className="grid gap-6 lg:grid-cols-2">
        <StaffSection id="add-heading" title="Add a review" className="card p-5" headingClass="mb-4 text-2xl">
          <EditForm
            intent="add-review"
            version={1}
            idSuffix="-add"
            current={{ stylistSlug: team[0]?.value ?? "" }}
            submitLabel="Add and publish"
          >
            <EditTextArea name="review" label="Review" required maxLength={2000} />
            <EditText name="client" label="Client, as shown" required maxLength={80} hint="First name and initial." />
            <EditSelect name="stylistSlug" label="Stylist" options={team} />
            <EditSelect name="rating" label="Rating" options={RATINGS} />
            <EditText name="reviewedOn" type="date" label="Date written (optional)" />
            <EditText
              name="sourceDetail"
              label="Where it came from (optional)"
              maxLength={80}
              hint='Such as Google or a card at the desk: the site shows "Added by the salon from …".'
            />
          </EditForm>
        </StaffSection>
        <StaffSection id="import-heading" title="Import reviews" className="card p-5" headingClass="mb-2 text-2xl">
          <p className="mb-4 text-muted">
            A CSV file with a header row: {IMPORT_COLUMNS.join(", ")} (rating, date and source may be left out; source
            says where the reviews came from, such as Google). The stylist is a first name or full name. Every row is
            checked first: if any is wrong, nothing is imported.
          </p>
          <label htmlFor="csv-file" className="block font-semibold">
            Choose a .csv file
          </label>
          <TextFileInto
            id="csv-file"
            accept=".csv,text/csv"
            into="edit-csv-import"
            className="mb-4 mt-1 block w-full"
          />
          {/* Emptied once its reviews are in (the count grows): the same file is not one tap from a second import. */}
          <EditForm
            intent="import-reviews"
            version={1}
            resetKey={reviews.length}
            idSuffix="-import"
            current={{}}
            submitLabel="Import"
          >
            <EditTextArea name="csv" label="Or paste the CSV here" required rows={6} maxLength={MAX_IMPORT_CHARS} />
          </EditForm>
        </StaffSection>
      </div>
      <h2 className="mb-3 mt-8 text-2xl">All reviews ({reviews.length})</h2>
      <ul className="space-y-3">
        {reviews.map((r) => (
          <li key={r.id} className="card p-4">
            <p className="whitespace-pre-wrap">{r.review}</p>
            <p className="mt-2 text-sm text-muted">
              {r.client} about {r.stylist}
              {r.rating ? `, ${r.rating} of 5` : ""}
              {r.reviewedOn ? `, ${r.reviewedOn}` : ""}. {r.provenance}
            </p>
            <p className="mt-1 text-sm">
              {r.hiddenReason ? (
                <span className="font-semibold">Hidden: {r.hiddenReason}</span>
              ) : (
                <span>Published</span>
              )}{" "}
              ·{" "}
              <Link to={staffPath(`content/reviews/${r.id}`)} className="underline">
                Edit or hide<span className="sr-only"> the review by {r.client}</span>
              </Link>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
