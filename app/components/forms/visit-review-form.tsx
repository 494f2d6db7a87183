import { RATING_OPTIONS } from "~/domain/form-texts";
import { CORRECT_FIELDS_MESSAGE } from "./error-summary";
import { Field, RadioGroup, type RadioOption, TextareaField } from "./fields";
import { type FormIslandProps, SubmissionForm, useSubmissionForm } from "./submission-form";

const STAR_WORDS = ["Poor", "Fair", "Good", "Very good", "Excellent"] as const;
const STARS: readonly RadioOption[] = RATING_OPTIONS.map((value, index) => ({
  value,
  label: value,
  detail: STAR_WORDS[index],
}));

export interface VisitReviewFormProps extends FormIslandProps {
  /** How the invitation names her ("Wanda W."), offered as the way her name is shown. */
  suggestedName: string;
  /** The stylist's page of reviews, for the thank-you. */
  reviewsPath: string;
}

/** A client's review of her visit, from the one-time link of her invitation. */
export function VisitReviewForm({ actionData, formKey, suggestedName, reviewsPath }: VisitReviewFormProps) {
  const state = useSubmissionForm({
    id: "visit-review",
    island: "visit-review-form",
    schema: (forms) => forms.visitReviewSchema,
    actionData,
    formKey,
  });
  const { fields } = state;
  return (
    <SubmissionForm
      state={state}
      summaryTitle={CORRECT_FIELDS_MESSAGE}
      summary={[{ meta: fields.rating!, label: "Stars —" }, { meta: fields.review! }, { meta: fields.client! }]}
      submitLabel="Publish my review"
      success={{
        title: "Thank you for your review",
        body: <p>It is on our reviews page, marked as a verified visit.</p>,
        back: { to: reviewsPath, label: "See the reviews" },
      }}
    >
      <div className="space-y-6">
        <RadioGroup meta={fields.rating!} label="How many stars would you give your visit?" options={STARS} />
        <TextareaField
          meta={fields.review!}
          label="Your review"
          hint="In your own words: it is published as you write it, good or bad."
          rows={6}
        />
        <Field
          meta={fields.client!}
          label="Your name as shown"
          autoComplete="off"
          hint={`Other clients see this name with your review; for example “${suggestedName}”`}
        />
      </div>
    </SubmissionForm>
  );
}
