import { FeedbackFormIsland } from "~/components/forms/form-islands";
import { seo } from "~/components/page-meta";
import { feedbackSchema } from "~/domain/forms";
import { FORM_PAGE_HEADERS, newIdempotencyKey } from "~/domain/idempotency";
import { submissionFormAction } from "~/server/submission-http.server";
import { submitFeedback } from "~/server/submissions.server";
import type { Route } from "./+types/feedback";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Your feedback",
    description:
      "Tell us how your last appointment with one of our stylists went. It takes about three minutes, and every answer is read by our salon managers.",
    noIndex: true,
  });

/** Each visitor's form gets its own idempotency key; the page is never cached. */
export const loader = () => ({ formKey: newIdempotencyKey() });
export const headers = () => FORM_PAGE_HEADERS;

export function action({ request, context }: Route.ActionArgs) {
  return submissionFormAction(request, context, { schema: feedbackSchema, submit: submitFeedback });
}

export default function FeedbackPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-blush/50">
        <div className="container-page max-w-3xl py-12 text-center sm:py-20">
          <p className="eyebrow">Client survey</p>
          <h1 className="mt-4 text-4xl leading-tight sm:text-5xl">Your feedback is important to us</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-muted">
            You had an appointment with one of our stylists last year, and we'd love to hear how it went. It takes about
            three minutes, and every answer is read by our salon managers.
          </p>
        </div>
      </section>
      <div className="container-page max-w-3xl py-10 sm:py-16">
        <div className="card p-5 sm:p-10">
          <FeedbackFormIsland actionData={actionData} formKey={loaderData.formKey} />
        </div>
      </div>
    </>
  );
}
