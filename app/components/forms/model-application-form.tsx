import { MODEL_SUCCESS, UK_MOBILE_HINT } from "~/domain/form-texts";
import { CORRECT_FIELDS_MESSAGE } from "./error-summary";
import { Field, TextareaField } from "./fields";
import { type FormIslandProps, SubmissionForm, useSubmissionForm } from "./submission-form";

/** Offering to be a hair model for the training academy. */
export function ModelApplicationForm({ actionData, formKey }: FormIslandProps) {
  const state = useSubmissionForm({
    id: "model-application",
    island: "model-form",
    schema: (forms) => forms.modelApplicationSchema,
    actionData,
    formKey,
  });
  const { fields } = state;
  return (
    <SubmissionForm
      state={state}
      summaryTitle={CORRECT_FIELDS_MESSAGE}
      summary={[{ meta: fields.name! }, { meta: fields.mobile! }, { meta: fields.info! }]}
      submitLabel="Send my details"
      success={{
        title: "We've got your details",
        body: <p>{MODEL_SUCCESS}</p>,
        back: { to: "/models", label: "Back to models" },
      }}
    >
      <div className="space-y-6">
        <Field meta={fields.name!} label="Name" autoComplete="name" />
        <Field
          meta={fields.mobile!}
          label="Mobile number"
          type="tel"
          hint={`We'll text you when there's a session for your hair. ${UK_MOBILE_HINT}`}
        />
        <TextareaField
          meta={fields.info!}
          label="Additional Information"
          hint="Your hair today (length, colour, any colour or treatments in the last six months), what you'd love done, and the days you're usually free."
          rows={6}
        />
      </div>
    </SubmissionForm>
  );
}
