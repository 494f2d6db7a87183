/**
 * How every public form sends itself: Conform validates with the form's Zod
 * schema in the browser (the same schema the route action runs), a fetcher
 * posts it, and a real <form method="post"> underneath does the same job when
 * JavaScript is off. The form never stays pending and never loses what was
 * typed: an unanswered request comes back as a message beside the button.
 */
import { type DefaultValue, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { type FormActionData, SEND_FAILED_MESSAGE } from "~/domain/form-outcome";
import { IDEMPOTENCY_FIELD } from "~/domain/idempotency";
import { ErrorSummary, type SummaryEntry } from "./error-summary";
import { Honeypot } from "./honeypot";
import { PrivacyNote } from "./marketing-consent";
import { SendNotice, SuccessBox } from "./notices";
import { SubmitButton } from "./submit-button";

/** The name of the temporary button Conform submits with when it revalidates as people type. */
const CONFORM_INTENT = "__intent__";

type FocusTarget = "summary" | "notice" | "success";

/**
 * A route's `clientAction`: passes the post to the server action, and turns a
 * request that got no usable answer (offline, a proxy's error page, a crash)
 * into a message instead of an error page, so the form and its values stay.
 */
export async function sendOrKeep<T>({ serverAction }: { serverAction: () => Promise<T> }): Promise<T | FormActionData> {
  try {
    return await serverAction();
  } catch {
    return { status: "unsent", message: SEND_FAILED_MESSAGE };
  }
}

export function useSubmissionForm<Schema extends z.ZodType<Record<string, unknown>>>(options: {
  id: string;
  schema: Schema;
  /** The route's actionData: the answer to a post sent without JavaScript. */
  actionData: FormActionData | undefined;
  /** The idempotency key the page was rendered with (the route loader's). */
  formKey: string;
  defaultValue?: DefaultValue<Record<string, unknown>>;
}) {
  const { id, schema } = options;
  // One key for this form until it is sent: a retry after a lost answer is recognised, not stored twice.
  const [idempotencyKey] = useState(() =>
    options.actionData && "key" in options.actionData && options.actionData.key
      ? options.actionData.key
      : options.formKey,
  );
  const fetcher = useFetcher<FormActionData>();
  const answer = fetcher.data ?? options.actionData;
  const sending = fetcher.state !== "idle";

  const [form, fields] = useForm<Record<string, unknown>>({
    id,
    lastResult: answer && "result" in answer ? answer.result : undefined,
    defaultValue: options.defaultValue,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  const summaryRef = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<FocusTarget | null>(null);
  const [, setFocusRequests] = useState(0);
  const requestFocus = (target: FocusTarget) => {
    focusNext.current = target;
    setFocusRequests((n) => n + 1);
  };

  // Each answer from the server moves focus to what it changed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: requestFocus is remade each render and only writes a ref and a counter
  useEffect(() => {
    if (!fetcher.data) return;
    const { status } = fetcher.data;
    requestFocus(status === "sent" ? "success" : status === "invalid" ? "summary" : "notice");
  }, [fetcher.data]);

  // Focus lands once its target is on screen (the summary appears a render after the errors arrive).
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    const element = { summary: summaryRef, notice: noticeRef, success: successRef }[target].current;
    if (!element) return;
    focusNext.current = null;
    element.focus({ preventScroll: true });
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    element.scrollIntoView({ block: target === "notice" ? "center" : "start", behavior: smooth ? "smooth" : "auto" });
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    form.onSubmit(event);
    // Conform stopped a real submit (not its own revalidation as people type): show what is wrong.
    if (event.defaultPrevented && submitter?.name !== CONFORM_INTENT) requestFocus("summary");
  };

  const notice =
    !sending && answer && (answer.status === "refused" || answer.status === "unsent") ? answer.message : undefined;

  return {
    form,
    fields,
    idempotencyKey,
    fetcher,
    sending,
    sent: answer?.status === "sent",
    notice,
    onSubmit,
    refs: { summary: summaryRef, notice: noticeRef, success: successRef },
  };
}

export type SubmissionFormState = ReturnType<typeof useSubmissionForm>;

/** Field messages the summary has no entry for; form-level ones (key "") are shown as the notice instead. */
function unlistedErrors(allErrors: Record<string, string[]>, summary: readonly SummaryEntry[]): string[] {
  const listed = new Set(summary.map((entry) => entry.meta.name));
  return Object.entries(allErrors).flatMap(([name, messages]) => (name && !listed.has(name) ? messages : []));
}

/**
 * The frame of a form: the error summary on top, the fields, the honeypot, the
 * notice and the button; or, once sent, the thank-you box in its place.
 */
export function SubmissionForm({
  state,
  summaryTitle,
  summary,
  submitLabel,
  success,
  children,
}: {
  state: SubmissionFormState;
  summaryTitle: string;
  /** The fields in the order the form shows them, for the summary. */
  summary: readonly SummaryEntry[];
  submitLabel: string;
  success: { title: string; body?: ReactNode };
  children: ReactNode;
}) {
  const { form, fetcher, sending, sent, notice, onSubmit, refs, idempotencyKey } = state;
  if (sent) {
    return (
      <SuccessBox ref={refs.success} title={success.title}>
        {success.body}
      </SuccessBox>
    );
  }
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form, { ariaAttributes: false })}
      onSubmit={onSubmit}
      className="relative space-y-8"
    >
      <ErrorSummary
        ref={refs.summary}
        title={summaryTitle}
        entries={summary}
        others={unlistedErrors(form.allErrors, summary)}
      />
      {children}
      <Honeypot formId={form.id} />
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
      <div className="space-y-4 border-t border-line pt-8">
        {notice ? <SendNotice ref={refs.notice} message={notice} /> : null}
        <SubmitButton sending={sending}>{submitLabel}</SubmitButton>
        <PrivacyNote />
        <p aria-live="polite" className="sr-only">
          {sending ? "Sending your form…" : ""}
        </p>
      </div>
    </fetcher.Form>
  );
}
