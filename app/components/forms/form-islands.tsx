import { Island } from "../island";
import { FeedbackForm } from "./feedback-form";
import { JobApplicationForm } from "./job-application-form";
import { ModelApplicationForm } from "./model-application-form";
import { QuoteDetailsForm } from "./quote-details-form";
import type { FormIslandProps } from "./submission-form";
import { VisitReviewForm, type VisitReviewFormProps } from "./visit-review-form";

/*
 * The public forms as the routes show them: each an island, rendered here on
 * the server from the route's answer and the page's idempotency key, and
 * hydrated in the browser by its script (app/islands/*-form.tsx), which
 * checks the fields with the schema the route's action uses. Without
 * JavaScript the very same HTML is a plain form that posts to the route.
 */

export function FeedbackFormIsland(props: FormIslandProps) {
  return <Island name="feedback-form" component={FeedbackForm} props={props} />;
}

export function JobFormIsland(props: React.ComponentProps<typeof JobApplicationForm>) {
  return <Island name="job-form" component={JobApplicationForm} props={props} />;
}

export function ModelFormIsland(props: FormIslandProps) {
  return <Island name="model-form" component={ModelApplicationForm} props={props} />;
}

export function QuoteFormIsland(props: React.ComponentProps<typeof QuoteDetailsForm>) {
  return <Island name="quote-form" component={QuoteDetailsForm} props={props} />;
}

export function VisitReviewFormIsland(props: VisitReviewFormProps) {
  return <Island name="visit-review-form" component={VisitReviewForm} props={props} />;
}
