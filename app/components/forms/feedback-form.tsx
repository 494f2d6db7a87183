import {
  FEEDBACK_LABELS,
  FEEDBACK_QUESTIONS,
  FEEDBACK_RATING_FIELDS,
  FEEDBACK_SUCCESS,
  FEEDBACK_SUMMARY_MESSAGE,
  type FeedbackRatingField,
  RATING_OPTIONS,
  REPEAT_OPTIONS,
} from "~/domain/form-texts";
import type { SummaryEntry } from "./error-summary";
import { Checkbox, Field, RadioGroup, type RadioOption, TextareaField } from "./fields";
import { MarketingConsent } from "./marketing-consent";
import { type FormIslandProps, SubmissionForm, useSubmissionForm } from "./submission-form";

/** What each point of the 1 to 5 scale means; read with the number ("1 – Poor"). */
const RATING_WORDS = ["Poor", "Fair", "Good", "Very good", "Excellent"] as const;

const RATING_CHOICES: readonly RadioOption[] = RATING_OPTIONS.map((value, index) => ({
  value,
  label: value,
  detail: RATING_WORDS[index],
}));

/** A soft panel around each question, lighter than the card it sits in. */
const GROUP_FRAME = "rounded-2xl bg-sand/45 p-4 sm:p-6";

const REPEAT_CHOICES: readonly RadioOption[] = REPEAT_OPTIONS.map((value) => ({ value, label: value }));

/** The survey's ratings, in the order it asks them, fall in two groups with the two tick boxes after "styling". */
const TICKS_AFTER = FEEDBACK_RATING_FIELDS.indexOf("styling") + 1;
const FIRST_RATINGS = FEEDBACK_RATING_FIELDS.slice(0, TICKS_AFTER);
const LATER_RATINGS = FEEDBACK_RATING_FIELDS.slice(TICKS_AFTER);

/** The client feedback survey. */
export function FeedbackForm({ actionData, formKey }: FormIslandProps) {
  const state = useSubmissionForm({
    id: "feedback",
    island: "feedback-form",
    schema: (forms) => forms.feedbackSchema,
    actionData,
    formKey,
  });
  const { fields } = state;

  const rating = (field: FeedbackRatingField) => (
    <RadioGroup
      key={field}
      meta={fields[field]!}
      label={FEEDBACK_QUESTIONS[field]}
      options={RATING_CHOICES}
      className={GROUP_FRAME}
    />
  );

  const summary: SummaryEntry[] = [
    { meta: fields.name! },
    { meta: fields.mobile! },
    ...FEEDBACK_RATING_FIELDS.map((field) => ({
      meta: fields[field]!,
      label: `${FEEDBACK_QUESTIONS[field]} —`,
    })),
    { meta: fields.return!, label: `${FEEDBACK_LABELS.return} —` },
    { meta: fields.repeat!, label: `${FEEDBACK_LABELS.repeat} —` },
    { meta: fields.comments! },
    { meta: fields.email! },
  ];

  return (
    <SubmissionForm
      state={state}
      summaryTitle={FEEDBACK_SUMMARY_MESSAGE}
      summary={summary}
      submitLabel="Send my feedback"
      success={{ title: FEEDBACK_SUCCESS }}
    >
      <fieldset className="space-y-6">
        <legend className="font-display text-xl">Your details</legend>
        <p className="text-sm leading-relaxed text-muted">
          So we can find your appointment. We won't add you to any mailing list unless you ask to be, below.
        </p>
        <div className="grid gap-6 sm:grid-cols-2">
          <Field meta={fields.name!} label="Full Name" autoComplete="name" />
          <Field meta={fields.mobile!} label="Mobile number" type="tel" hint="The number you booked with" />
        </div>
      </fieldset>

      <section aria-labelledby="feedback-visit" className="space-y-4">
        <h2 id="feedback-visit" className="text-xl">
          Your visit
        </h2>
        <p className="text-sm text-muted">Choose one number for each question: 1 is poor, 5 is excellent.</p>
        {FIRST_RATINGS.map(rating)}
        <div className="space-y-3 py-2">
          <p className="text-sm font-semibold text-ink">Tick any that apply</p>
          <Checkbox meta={fields.rec!} label={FEEDBACK_LABELS.rec} />
          <Checkbox meta={fields.points!} label={FEEDBACK_LABELS.points} />
        </div>
        {LATER_RATINGS.map(rating)}
      </section>

      <section aria-labelledby="feedback-since" className="space-y-6">
        <h2 id="feedback-since" className="text-xl">
          Since your visit
        </h2>
        <TextareaField
          meta={fields.return!}
          label={FEEDBACK_LABELS.return}
          hint="However small the reason, it helps us to know."
          rows={4}
        />
        <RadioGroup
          meta={fields.repeat!}
          label={FEEDBACK_LABELS.repeat}
          options={REPEAT_CHOICES}
          className={GROUP_FRAME}
        />
        <TextareaField meta={fields.comments!} label="Anything else you'd like to tell us?" optional rows={4} />
      </section>

      <MarketingConsent email={fields.marketing_email!} sms={fields.marketing_sms!}>
        <Field
          meta={fields.email!}
          label="Email address"
          hint="Only if you ticked the e-mail box: where to send our news."
          type="email"
          optional
        />
      </MarketingConsent>
    </SubmissionForm>
  );
}
