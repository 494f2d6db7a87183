import { useEffect, useState } from "react";
import { PLEASE_SELECT, REFERRAL_LABELS, REFERRAL_OPTIONS, UK_MOBILE_HINT } from "~/domain/form-texts";
import type { Attribution } from "~/domain/funnel";
import { SKIN_TEST_ANSWER_LABELS, SKIN_TEST_ANSWERS, SKIN_TEST_QUESTION } from "~/domain/skin-test";
import { landingAttribution, rememberLanding } from "../funnel-beacon";
import { CORRECT_FIELDS_MESSAGE } from "./error-summary";
import { Checkbox, Field, RadioGroup, SelectField } from "./fields";
import { MarketingConsent } from "./marketing-consent";
import { type FormIslandProps, SubmissionForm, useSubmissionForm } from "./submission-form";

const SKIN_TEST_CHOICES = SKIN_TEST_ANSWERS.map((value) => ({ value, label: SKIN_TEST_ANSWER_LABELS[value] }));

const REFERRAL_CHOICES = [
  PLEASE_SELECT,
  ...REFERRAL_OPTIONS.map((value) => ({ value, label: REFERRAL_LABELS[value] })),
];

/**
 * The quote details form: the visitor's details, with the calculator's
 * choices as hidden fields. Sent like every other form (SubmissionForm); once
 * the quote is saved the page's action sends the visitor to the submitted page.
 */
export function QuoteDetailsForm({
  action,
  hiddenFields,
  actionData,
  formKey,
  colour = null,
}: {
  /** The finish page's own address (with the calculator state): where the form posts. */
  action: string;
  /** The calculator state, sent along as hidden fields. */
  hiddenFields: [string, string][];
  /**
   * Set for a quote with colour: the skin-test question is asked, and with `consultation` (foils, bleach,
   * vivids or a correction) the consultation request offered.
   */
  colour?: { consultation: boolean } | null;
} & FormIslandProps) {
  const state = useSubmissionForm({
    id: "quote-details",
    island: "quote-form",
    schema: (forms) => forms.quoteDetailsSchema,
    actionData,
    formKey,
  });
  const { fields } = state;
  // Where the visitor came from goes with the quote (decision 076); read after hydration, as only the browser has it.
  const [from, setFrom] = useState<Attribution>({});
  useEffect(() => {
    rememberLanding();
    setFrom(landingAttribution());
  }, []);
  return (
    <SubmissionForm
      state={state}
      action={action}
      summaryTitle={CORRECT_FIELDS_MESSAGE}
      summary={[
        ...(colour ? [{ meta: fields.skin_test! }] : []),
        { meta: fields.name! },
        { meta: fields.mobile! },
        { meta: fields.email! },
        { meta: fields.referral! },
      ]}
      submitLabel="Send me my quote"
      sendingLabel="Saving your quote…"
      privacyNote="We'll e-mail and text your quote to you. We never sell your details."
      className="card relative flex flex-col gap-6 p-5 sm:p-8"
    >
      {hiddenFields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {Object.entries(from).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {colour ? (
        // After the colour services, before the details: the one thing a colour client must sort out before the day.
        <div className="flex flex-col gap-4 rounded-xl bg-blush/60 p-4 sm:p-5">
          <input type="hidden" name="skin_test_asked" value="true" />
          <RadioGroup
            meta={fields.skin_test!}
            label={SKIN_TEST_QUESTION}
            hint="Colour needs a skin test at least 48 hours before your appointment. If you haven't had one, we'll send you the link to book it."
            options={SKIN_TEST_CHOICES}
          />
          {colour.consultation ? (
            <Checkbox meta={fields.consultation!} label="I'd like a consultation before my colour (optional, free)" />
          ) : null}
        </div>
      ) : null}
      <Field meta={fields.name!} label="Your name" autoComplete="name" />
      <Field meta={fields.mobile!} label="Mobile number" type="tel" hint={UK_MOBILE_HINT} />
      <Field meta={fields.email!} label="Email address" type="email" />
      <SelectField meta={fields.referral!} label="How did you hear about us?" options={REFERRAL_CHOICES} />
      <MarketingConsent email={fields.marketing_email!} sms={fields.marketing_sms!} />
    </SubmissionForm>
  );
}
