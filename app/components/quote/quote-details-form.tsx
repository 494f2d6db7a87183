import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { PLEASE_SELECT, quoteDetailsSchema, REFERRAL_OPTIONS, type Referral } from "~/domain/forms";
import { IDEMPOTENCY_FIELD } from "~/domain/idempotency";
import { Field, SelectField } from "../forms/fields";
import { Honeypot } from "../forms/honeypot";
import { MarketingConsent, PrivacyNote } from "../forms/marketing-consent";
import { QUOTE_PARAM } from "./links";

const SAVE_QUOTE_ENDPOINT = "/api/save-quote-details";
const SEND_TIMEOUT_MS = 20_000;
const DETAIL_FIELDS = ["name", "mobile", "email", "referral"] as const;

export const SAVE_FAILED_MESSAGE =
  "Sorry, we couldn't save your quote just now. Everything you typed is still here: please try again in a moment.";
const CONNECTION_LOST_MESSAGE =
  "We couldn't reach our website: please check your connection and try again. Everything you typed is still here.";

/** The spec's option values, in words that read naturally. */
const REFERRAL_LABELS: Record<Referral, string> = {
  "Social Media": "Social media",
  Google: "Google",
  "Friends-family": "Friends or family",
  "Work colleague": "A work colleague",
  other: "Other",
};
const REFERRAL_CHOICES = [
  PLEASE_SELECT,
  ...REFERRAL_OPTIONS.map((value) => ({ value, label: REFERRAL_LABELS[value] })),
];

interface QuoteDetailsFormProps {
  /** The finish page's own address (with the calculator state): where the form posts without JavaScript. */
  action: string;
  /** The calculator state, sent along as hidden fields. */
  hiddenFields: [string, string][];
  /** The submitted page (with the state); the saved quote's link is added to it. */
  submittedHref: string;
  /** The page action's answer when the form was posted without JavaScript. */
  lastResult?: SubmissionResult<string[]> | null;
  serverMessage?: string | null;
  /** The idempotency key the page was rendered with (or the one a failed post carried). */
  formKey: string;
}

function withQuoteLink(href: string, link: string): string {
  const url = new URL(href, "http://quote.invalid");
  url.searchParams.set(QUOTE_PARAM, link);
  return `${url.pathname}${url.search}`;
}

interface SaveAnswer {
  link?: unknown;
  error?: unknown;
  fieldErrors?: Record<string, string[] | undefined>;
}

/**
 * The quote details form. It posts to the page's action without
 * JavaScript; with it, the same schema checks the fields first, then the quote
 * is saved through the JSON endpoint so a failure can be shown without losing
 * a keystroke, and success replaces this history entry with the submitted page.
 */
export function QuoteDetailsForm({
  action,
  hiddenFields,
  submittedHref,
  lastResult,
  serverMessage,
  formKey,
}: QuoteDetailsFormProps) {
  // One key until the quote is saved: a retry after a lost answer gets the same quote, not a second one.
  const [idempotencyKey] = useState(formKey);
  const navigate = useNavigate();
  const [clientResult, setClientResult] = useState<SubmissionResult<string[]> | undefined>(undefined);
  const [message, setMessage] = useState<string | null>(serverMessage ?? null);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const messageRef = useRef<HTMLDivElement>(null);

  const showMessage = (text: string) => {
    setMessage(text);
    requestAnimationFrame(() => messageRef.current?.focus());
  };

  async function send(formData: FormData, reply: (errors: Record<string, string[]>) => SubmissionResult<string[]>) {
    sendingRef.current = true;
    setSending(true);
    setMessage(null);
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
    try {
      const response = await fetch(SAVE_QUOTE_ENDPOINT, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(
          Object.fromEntries([...formData.entries()].filter(([, value]) => typeof value === "string")),
        ),
        signal: controller.signal,
      });
      const answer = (await response.json().catch(() => null)) as SaveAnswer | null;
      if (response.status === 201 && typeof answer?.link === "string") {
        navigate(withQuoteLink(submittedHref, answer.link), { replace: true });
        return;
      }
      if (response.status === 422 && answer?.fieldErrors) {
        const detailErrors: Record<string, string[]> = {};
        const otherErrors: string[] = [];
        for (const [field, errors] of Object.entries(answer.fieldErrors)) {
          if (!errors?.length) continue;
          if ((DETAIL_FIELDS as readonly string[]).includes(field)) detailErrors[field] = errors;
          else otherErrors.push(...errors);
        }
        if (Object.keys(detailErrors).length > 0) setClientResult(reply(detailErrors));
        if (otherErrors.length > 0) {
          showMessage(
            `Your choices could not be saved as they are (${otherErrors.join("; ")}). Please change your choices and try again.`,
          );
        }
        return;
      }
      showMessage(typeof answer?.error === "string" && response.status < 500 ? answer.error : SAVE_FAILED_MESSAGE);
    } catch {
      showMessage(CONNECTION_LOST_MESSAGE);
    } finally {
      window.clearTimeout(timer);
      sendingRef.current = false;
      setSending(false);
    }
  }

  const [form, fields] = useForm({
    id: "quote-details",
    lastResult: clientResult ?? lastResult ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quoteDetailsSchema }),
    onSubmit(event, { formData, submission }) {
      event.preventDefault();
      if (sendingRef.current || !submission) return;
      void send(formData, (fieldErrors) => submission.reply({ fieldErrors }));
    },
  });

  // Without JavaScript nothing moves focus for us: put the cursor in the first field to fix.
  const firstInvalid = lastResult?.error ? DETAIL_FIELDS.find((field) => lastResult.error?.[field]?.length) : undefined;

  return (
    <form
      method="post"
      action={action}
      {...getFormProps(form)}
      className="card relative flex flex-col gap-6 p-5 sm:p-8"
    >
      {hiddenFields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}

      <Field meta={fields.name} label="Your name" autoComplete="name" autoFocus={firstInvalid === "name"} />
      <Field
        meta={fields.mobile}
        label="Mobile number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        autoFocus={firstInvalid === "mobile"}
      />
      <Field
        meta={fields.email}
        label="Email address"
        type="email"
        autoComplete="email"
        autoFocus={firstInvalid === "email"}
      />
      <SelectField
        meta={fields.referral}
        label="How did you hear about us?"
        options={REFERRAL_CHOICES}
        autoFocus={firstInvalid === "referral"}
      />
      <MarketingConsent email={fields.marketing_email} sms={fields.marketing_sms} />
      <Honeypot formId="quote-details" />
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />

      {message ? (
        <div
          ref={messageRef}
          tabIndex={-1}
          role="alert"
          className="rounded-xl border border-accent-dark bg-blush px-4 py-3 text-sm leading-relaxed outline-none"
        >
          {message}
        </div>
      ) : null}

      <div>
        <button type="submit" disabled={sending} className="btn-accent w-full sm:w-auto">
          {sending ? "Saving your quote…" : "Send me my quote"}
        </button>
        <div className="mt-3">
          <PrivacyNote>We'll e-mail and text your quote to you. We never sell your details.</PrivacyNote>
        </div>
      </div>
    </form>
  );
}
