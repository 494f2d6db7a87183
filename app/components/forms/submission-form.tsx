/**
 * How every public form is drawn and sent, the quote's included. The server
 * renders it with Conform's field metadata from the route's answer (messages,
 * what was typed); a plain <form method="post"> sends it, with or without
 * JavaScript. In the browser `<submission-form>` (app/enhance/submission-form.ts)
 * checks the fields with the schema's own rules and messages before sending,
 * sends without leaving the page and shows the server's answer in place;
 * React does not run in the browser (decision 018).
 */

import pageScripts from "virtual:page-script";
import { type DefaultValue, getFormProps, useForm } from "@conform-to/react";
import type { ReactNode } from "react";
import { preinitModule, preloadModule } from "react-dom";
import type { z } from "zod";
import { Link } from "~/components/link";
import { useNonce } from "~/components/nonce";
import type { FormFieldScript } from "~/domain/field-check";
import { type FormActionData, SEND_FAILED_MESSAGE } from "~/domain/form-outcome";
import { fieldRulesOf } from "~/domain/forms";
import { IDEMPOTENCY_FIELD } from "~/domain/idempotency";
import { ErrorSummary, type SummaryEntry, SummaryFrame, SummaryItem } from "./error-summary";
import { ErrorItem } from "./fields";
import { Honeypot } from "./honeypot";
import { PrivacyNote } from "./marketing-consent";
import { SendNotice, SuccessBox } from "./notices";
import { SubmitButton } from "./submit-button";

export function useSubmissionForm<Schema extends z.ZodObject>(options: {
  id: string;
  schema: Schema;
  /** The route's actionData: the server's answer to the post, when the page is that answer. */
  actionData: FormActionData | undefined;
  /** The idempotency key the page was rendered with (the route loader's). */
  formKey: string;
  defaultValue?: DefaultValue<Record<string, unknown>>;
}) {
  const { id, schema, actionData } = options;
  // One key for this form until it is sent: a retry after a lost answer is recognised, not stored twice.
  const idempotencyKey = actionData && "key" in actionData && actionData.key ? actionData.key : options.formKey;
  const [form, fields] = useForm<Record<string, unknown>>({
    id,
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: options.defaultValue,
  });
  const notice =
    actionData && (actionData.status === "refused" || actionData.status === "unsent") ? actionData.message : undefined;
  return { form, fields, rules: fieldRulesOf(schema), idempotencyKey, sent: actionData?.status === "sent", notice };
}

export type SubmissionFormState = ReturnType<typeof useSubmissionForm>;

/** Field messages the summary has no entry for; form-level ones (key "") are shown as the notice instead. */
function unlistedErrors(allErrors: Record<string, string[]>, summary: readonly SummaryEntry[]): string[] {
  const listed = new Set(summary.map((entry) => entry.meta.name));
  return Object.entries(allErrors).flatMap(([name, messages]) => (name && !listed.has(name) ? messages : []));
}

/** Element id of a form's `<submission-form>`: the server's answer is found in the page it sends back by it. */
const frameIdOf = (formId: string) => `${formId}-frame`;

/**
 * The frame of a form: the error summary on top, the fields, the honeypot, the
 * notice and the button; or, once sent, the thank-you box in its place. The
 * templates are what the form's script clones to show messages in the browser.
 */
export function SubmissionForm({
  state,
  action,
  summaryTitle,
  summary,
  submitLabel,
  sendingLabel,
  privacyNote,
  success,
  className = "relative space-y-8",
  children,
}: {
  state: SubmissionFormState;
  /** Where the form posts: the page's own address unless said (the quote's carries its choices). */
  action?: string;
  summaryTitle: string;
  /** The fields in the order the form shows them, for the summary. */
  summary: readonly SummaryEntry[];
  submitLabel: string;
  sendingLabel?: string;
  /** Said before the link to the privacy notice. */
  privacyNote?: ReactNode;
  /** The thank-you box, with a way back to where the visitor came from; a form whose route redirects once it is stored has none. */
  success?: { title: string; body?: ReactNode; back?: { to: string; label: string } };
  className?: string;
  children: ReactNode;
}) {
  const { form, rules, sent, notice, idempotencyKey } = state;
  // Only the pages with a form load the forms' script: React puts it in the page's <head>.
  const nonce = useNonce();
  for (const href of pageScripts.form.imports) preloadModule(href, { as: "script", nonce });
  preinitModule(pageScripts.form.src, { as: "script", nonce });
  const script: FormFieldScript[] = summary.map(({ meta, label }) => ({
    name: meta.name,
    id: meta.id,
    errorId: meta.errorId,
    label,
    rule: rules[meta.name],
  }));
  return (
    <submission-form id={frameIdOf(form.id)}>
      {sent && success ? (
        <SuccessBox title={success.title}>
          {success.body}
          {success.back ? (
            <p className="mt-6">
              <Link to={success.back.to} className="btn-outline">
                {success.back.label}
              </Link>
            </p>
          ) : null}
        </SuccessBox>
      ) : (
        <form
          method="post"
          action={action}
          {...getFormProps(form, { ariaAttributes: false })}
          data-fields={JSON.stringify(script)}
          className={className}
        >
          <ErrorSummary title={summaryTitle} entries={summary} others={unlistedErrors(form.allErrors, summary)} />
          {children}
          <Honeypot formId={form.id} />
          <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
          <div className="space-y-4 border-t border-line pt-8">
            {notice ? <SendNotice message={notice} autoFocus /> : null}
            <SubmitButton sendingLabel={sendingLabel}>{submitLabel}</SubmitButton>
            <PrivacyNote>{privacyNote}</PrivacyNote>
            <p aria-live="polite" className="sr-only" data-sending-status="Sending your form…" />
          </div>
          <template data-template="summary">
            <SummaryFrame title={summaryTitle} />
          </template>
          <template data-template="summary-item">
            <SummaryItem href="#" />
          </template>
          <template data-template="error">
            <ErrorItem />
          </template>
          <template data-template="notice">
            <SendNotice message={SEND_FAILED_MESSAGE} />
          </template>
        </form>
      )}
    </submission-form>
  );
}
