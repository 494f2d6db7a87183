import {
  JOB_SALONS_NOTE,
  JOB_SUCCESS,
  type JobRole,
  PLEASE_SELECT,
  positionsForRole,
  UK_MOBILE_HINT,
} from "~/domain/form-texts";
import { CORRECT_FIELDS_MESSAGE } from "./error-summary";
import { Field, SelectField, TextareaField } from "./fields";
import { type FormIslandProps, SubmissionForm, useSubmissionForm } from "./submission-form";

export type JobForm = "stylist" | "apprentice" | "saturday";

const ROLE: Record<Exclude<JobForm, "saturday">, JobRole> = { stylist: "Stylist", apprentice: "Apprentice" };

const POSITION_LABEL: Record<Exclude<JobForm, "saturday">, { label: string; hint: string }> = {
  stylist: { label: "Position", hint: "How long have you been a qualified stylist?" },
  apprentice: { label: "Position", hint: "Where are you with hairdressing so far?" },
};

/**
 * The Stylist, Apprentice and Saturday/evening application.
 * Stylist and Apprentice ask the position, with the role as a hidden field;
 * the Saturday form asks none, so the schema makes it an Apprentice new to hairdressing.
 */
export function JobApplicationForm({ form: kind, actionData, formKey }: { form: JobForm } & FormIslandProps) {
  const saturday = kind === "saturday";
  const state = useSubmissionForm({
    id: `${kind}-application`,
    island: "job-form",
    schema: (forms) => (saturday ? forms.saturdayApplicationSchema : forms.jobApplicationSchema),
    actionData,
    formKey,
  });
  const { fields } = state;
  const ordered = saturday
    ? [fields.name, fields.mobile, fields.email, fields.about, fields.why_hair, fields.why_us]
    : [fields.name, fields.mobile, fields.email, fields.position, fields.about, fields.why_hair, fields.why_us];

  return (
    <SubmissionForm
      state={state}
      summaryTitle={CORRECT_FIELDS_MESSAGE}
      summary={ordered.map((meta) => ({ meta: meta! }))}
      submitLabel="Send my application"
      success={{
        title: JOB_SUCCESS,
        body: <p>{JOB_SALONS_NOTE}</p>,
        back: { to: "/recruitment", label: "Back to recruitment" },
      }}
    >
      <fieldset className="space-y-6">
        <legend className="font-display text-xl">About you</legend>
        <Field meta={fields.name!} label="Full Name" autoComplete="name" />
        <div className="grid gap-6 sm:grid-cols-2">
          <Field meta={fields.mobile!} label="Mobile number" type="tel" hint={UK_MOBILE_HINT} />
          <Field meta={fields.email!} label="Email Address" type="email" hint="We'll reply here" />
        </div>
        {saturday ? null : (
          <>
            <input type="hidden" name="role" value={ROLE[kind]} />
            <SelectField
              meta={fields.position!}
              label={POSITION_LABEL[kind].label}
              hint={POSITION_LABEL[kind].hint}
              options={[
                PLEASE_SELECT,
                ...positionsForRole(ROLE[kind]).map((position) => ({ value: position, label: position })),
              ]}
            />
          </>
        )}
      </fieldset>

      <fieldset className="space-y-6">
        <legend className="font-display text-xl">In your own words</legend>
        <TextareaField
          meta={fields.about!}
          label="About yourself"
          hint="Your experience so far, what you enjoy doing and anything you're proud of."
        />
        <TextareaField meta={fields.why_hair!} label="Why hairdressing?" rows={4} />
        <TextareaField meta={fields.why_us!} label="Why us?" rows={4} />
      </fieldset>
    </SubmissionForm>
  );
}
