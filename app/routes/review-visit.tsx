import { data } from "react-router";
import { VisitReviewFormIsland } from "~/components/forms/form-islands";
import { Link } from "~/components/link";
import { seo } from "~/components/page-meta";
import { visitReviewSchema } from "~/domain/forms";
import { newIdempotencyKey } from "~/domain/idempotency";
import { reviewsPath } from "~/domain/paths";
import { visitDayText } from "~/domain/review-invitations";
import { requestContext } from "~/server/request-context.server";
import { invitationForToken, LINK_REFUSALS, submitVisitReview } from "~/server/review-invitations.server";
import { submissionFormAction } from "~/server/submission-http.server";
import type { Route } from "./+types/review-visit";

/**
 * /review/{token}: the review form a client reaches from her invitation
 * (decision 112), naming the stylist, service and day of her visit. The
 * link is hers alone: never cached, never indexed, never sent on as a
 * referrer. A link that is unknown (404), used or expired (410) says so.
 */
const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "no-referrer",
};

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: args.data?.kind === "open" ? "Review your visit" : (args.data?.title ?? "Review link not valid"),
    description: "Review your visit to Maison Ivy from the link in your invitation.",
    noIndex: true,
  });

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await invitationForToken(context.get(requestContext).db, params.token);
  if (found.kind !== "open") {
    const refusal = LINK_REFUSALS[found.kind];
    return data(
      { kind: found.kind, title: refusal.title, message: refusal.message },
      { status: refusal.status, headers: PRIVATE_HEADERS },
    );
  }
  const { invitation, stylist } = found;
  return data(
    {
      kind: "open" as const,
      title: "Review your visit",
      formKey: newIdempotencyKey(),
      clientName: invitation.clientName,
      service: invitation.service,
      visitedOn: visitDayText(invitation.visitedOn),
      stylist: { slug: stylist.slug, name: `${stylist.firstName} ${stylist.lastName}`.trim() },
    },
    { headers: PRIVATE_HEADERS },
  );
}

export function action({ request, context, params }: Route.ActionArgs) {
  return submissionFormAction(request, context, {
    schema: visitReviewSchema,
    submit: (db, input) => submitVisitReview(db, params.token, input),
  });
}

export default function ReviewVisit({ loaderData, actionData }: Route.ComponentProps) {
  // Once her review is stored the link is used: the page answering the post shows the form's thank-you.
  if (loaderData.kind !== "open" && actionData?.status !== "sent")
    return (
      <section className="container-page max-w-2xl py-16">
        <h1 className="text-4xl">{loaderData.title}</h1>
        <p className="mt-6 text-lg leading-relaxed">{loaderData.message}</p>
        <p className="mt-8">
          <Link to="/reviews" className="btn-outline">
            Read our reviews
          </Link>
        </p>
      </section>
    );
  const open = loaderData.kind === "open" ? loaderData : null;
  return (
    <>
      <section className="bg-blush/50">
        <div className="container-page max-w-3xl py-12 text-center sm:py-16">
          <p className="eyebrow">Verified visit</p>
          <h1 className="mt-4 text-4xl leading-tight sm:text-5xl">Review your visit</h1>
          {open ? (
            <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-muted" data-testid="visit">
              Your {open.service} with {open.stylist.name} on {open.visitedOn}. Your review is published whatever it
              says, marked "Verified visit on {open.visitedOn}".
            </p>
          ) : null}
        </div>
      </section>
      <div className="container-page max-w-3xl py-10 sm:py-16">
        <div className="card p-5 sm:p-10">
          <VisitReviewFormIsland
            actionData={actionData}
            formKey={open?.formKey ?? newIdempotencyKey()}
            suggestedName={open?.clientName ?? ""}
            reviewsPath={open ? reviewsPath(open.stylist.slug) : "/reviews"}
          />
        </div>
      </div>
    </>
  );
}
