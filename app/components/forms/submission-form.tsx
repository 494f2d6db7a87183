/**
 * How every public form is drawn and sent, the quote's included. Each form is
 * an island (app/components/forms/form-islands.tsx): the server renders it
 * from the route's answer (messages, what was typed), and a plain
 * <form method="post"> sends it, which is all a visitor without JavaScript
 * needs. In the browser the same component runs Conform with the schema the
 * server validates with, so a field's messages appear as the visitor leaves
 * it, and a valid form is sent once, without leaving the page.
 *
 * Browser code: no router, no server module; everything comes from props.
 */

import { getFormProps, parse, type SubmissionResult, useForm } from "@conform-to/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { type FormActionData, SEND_FAILED_MESSAGE, SERVER_FAILED_MESSAGE } from "~/domain/form-outcome";
import { IDEMPOTENCY_FIELD } from "~/domain/idempotency";
import { ErrorSummary, type SummaryEntry } from "./error-summary";
import { Honeypot } from "./honeypot";
import { PrivacyNote } from "./marketing-consent";
import { SendNotice, SuccessBox } from "./notices";
import { type FormSchemas, loadedSchemas, loadSchemas } from "./schemas";
import { SubmitButton } from "./submit-button";

/** Past this the send counts as lost: the visitor is told, and may send again with the same key. */
const SEND_TIMEOUT_MS = 20_000;

/** What every form island is given by its page: the route's answer to a post, and the page's idempotency key. */
export interface FormIslandProps {
  actionData: FormActionData | undefined;
  formKey: string;
}

const scrollBehaviour = (): ScrollBehavior =>
  window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";

function focusOn(element: HTMLElement | null | undefined, block: ScrollLogicalPosition) {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView?.({ block, behavior: scrollBehaviour() });
}

/**
 * The server's answer to a post, read from the page it sends back: the
 * island's props there, under the same name. Null when the answer is not
 * such a page (a proxy's error page, a cut connection).
 */
export function answerIn(html: string, island: string): FormIslandProps | null {
  const page = new DOMParser().parseFromString(html, "text/html");
  const data = page.querySelector(`script[data-island-props="${island}"]`);
  if (!data?.textContent) return null;
  try {
    const props = JSON.parse(data.textContent) as Partial<FormIslandProps>;
    return typeof props.formKey === "string" ? { actionData: props.actionData, formKey: props.formKey } : null;
  } catch {
    return null;
  }
}

export function useSubmissionForm(options: {
  id: string;
  /** The island's name: its props are found under it in the server's answer. */
  island: string;
  /** The very schema the route's action validates with, picked from app/domain/forms.ts once it is loaded. */
  schema: (forms: FormSchemas) => z.ZodType;
  actionData: FormActionData | undefined;
  formKey: string;
}) {
  const { id, island, schema } = options;
  /** The latest answer: the page's own at first, then each one fetched in the browser. */
  const [answer, setAnswer] = useState<FormIslandProps>({ actionData: options.actionData, formKey: options.formKey });
  /** Why the last send got no usable answer: it never reached the server, or the server failed. */
  const [unsent, setUnsent] = useState<"connection" | "server" | null>(null);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  /** Counts the submits and answers, so the focus moves after each (effect in SubmissionForm). */
  const [attempts, setAttempts] = useState(0);
  const { actionData } = answer;
  // The summary lists the messages only once the visitor has tried to send (or the page is the server's answer).
  const [summaryShown, setSummaryShown] = useState(actionData !== undefined && "result" in actionData);
  // One key for this form until it is sent: a retry after a lost answer is recognised, not stored twice.
  const idempotencyKey = actionData && "key" in actionData && actionData.key ? actionData.key : answer.formKey;
  const lastResult: SubmissionResult<string[]> | undefined =
    actionData && "result" in actionData ? actionData.result : undefined;

  const [form, fields] = useForm<Record<string, unknown>>({
    id,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      const forms = loadedSchemas();
      // Not here yet (a visitor quicker than the network): no verdict; a submit waits for it (onSubmit below).
      if (!forms) return parse(formData, { resolve: () => ({ error: null }) });
      // The fields as posted, through the schema the route's action uses, read the way the server reads its
      // verdict (fieldErrorsOf): the very messages it would answer. Its output is the route's business.
      return parse(formData, {
        resolve(payload) {
          const result = schema(forms).safeParse(payload);
          return result.success ? { value: payload } : { error: forms.fieldErrorsOf(result.error) };
        },
      });
    },
    onSubmit(event, { formData, action }) {
      event.preventDefault();
      if (sendingRef.current) return;
      const element = event.currentTarget;
      if (!loadedSchemas()) {
        // Checked first, then sent: submitted again once the schema is here.
        void loadSchemas().then(
          () => element.requestSubmit(),
          () => send(action, formData),
        );
        return;
      }
      // Valid in the browser: sent here, once, instead of by the browser.
      void send(action, formData);
    },
  });

  // The schemas come with the visitor's first touch of the form (prepare, below), not with the page: a visitor who
  // only reads never fetches them. A page that is the server's answer to a post has them fetched at once, as the
  // visitor is about to put fields right.
  const [schemasHere, setSchemasHere] = useState(() => loadedSchemas() !== undefined);
  /** Fields the visitor left before the schemas were here: checked as soon as they arrive. */
  const leftEarly = useRef(new Set<string>());
  const prepare = () => {
    if (!loadedSchemas())
      void loadSchemas().then(
        () => setSchemasHere(true),
        () => undefined,
      );
  };
  const noteLeft = (event: React.FocusEvent<HTMLFormElement>) => {
    const name = (event.target as Partial<HTMLInputElement>).name;
    if (name && !loadedSchemas()) leftEarly.current.add(name);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page is the server's answer
  useEffect(() => {
    if (lastResult) prepare();
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: form.validate is Conform's dispatcher, stable
  useEffect(() => {
    if (!schemasHere) return;
    for (const name of leftEarly.current) form.validate({ name });
    leftEarly.current.clear();
  }, [schemasHere]);

  async function send(action: string, formData: FormData) {
    sendingRef.current = true;
    setSending(true);
    setUnsent(null);
    const body = new URLSearchParams(
      [...formData].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
    let leaving = false;
    try {
      const response = await fetch(action, {
        method: "POST",
        body,
        headers: { Accept: "text/html" },
        signal: controller.signal,
      });
      // Stored, and the server sends the visitor on (the saved quote): that page takes this one's place in history.
      if (response.redirected) {
        leaving = true;
        window.location.replace(response.url);
        return;
      }
      const next = answerIn(await response.text(), island);
      if (next) {
        setAnswer(next);
        setSummaryShown(next.actionData !== undefined && "result" in next.actionData);
      } else {
        // The server answered, but not with the form: an error page from it, or from a proxy in front of it.
        setUnsent("server");
      }
    } catch {
      // No answer, or one cut off on the way (the network, or nothing in time): the form never got through.
      setUnsent("connection");
    } finally {
      window.clearTimeout(timer);
      if (!leaving) {
        sendingRef.current = false;
        setSending(false);
        setAttempts((count) => count + 1);
      }
    }
  }

  /** Conform checks every field first; the summary shows what it found, and takes the focus if anything. */
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    // Conform checks a field the visitor leaves by submitting with a button of its own (named "__intent__"):
    // that is no attempt to send, so it neither shows the summary nor moves the focus.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter instanceof HTMLButtonElement && submitter.name === "__intent__") {
      form.onSubmit(event);
      // Never a post, whatever the check found (or if the schema is not here yet).
      event.preventDefault();
      return;
    }
    if (sendingRef.current) {
      // A second click while the first send is on its way: nothing more is sent.
      event.preventDefault();
      return;
    }
    setSummaryShown(true);
    form.onSubmit(event);
    if (event.defaultPrevented && !sendingRef.current) setAttempts((count) => count + 1);
  };

  const notice = unsent
    ? unsent === "connection"
      ? SEND_FAILED_MESSAGE
      : SERVER_FAILED_MESSAGE
    : actionData && (actionData.status === "refused" || actionData.status === "unsent")
      ? actionData.message
      : undefined;
  return {
    form,
    fields,
    onSubmit,
    prepare,
    noteLeft,
    idempotencyKey,
    sent: actionData?.status === "sent",
    notice,
    sending,
    summaryShown,
    attempts,
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
  const { form, sent, notice, idempotencyKey, sending, summaryShown, attempts, onSubmit, prepare, noteLeft } = state;
  const frame = useRef<HTMLDivElement>(null);

  // After a submit the browser stopped, or an answer: the focus goes to what the visitor must read next.
  useEffect(() => {
    if (attempts === 0 || !frame.current) return;
    const root = frame.current;
    const thanks = root.querySelector<HTMLElement>("[role=status][tabindex]");
    const errors = root.querySelector<HTMLElement>("[data-error-summary]");
    const problem = root.querySelector<HTMLElement>("[data-send-notice]");
    if (thanks) focusOn(thanks, "start");
    else if (errors) focusOn(errors, "start");
    else if (problem) focusOn(problem, "center");
  }, [attempts]);

  // A summary line is a link to its field: the field takes the focus, not only the scroll.
  const followSummaryLink = (event: React.MouseEvent) => {
    const link = (event.target as Element).closest?.<HTMLAnchorElement>("[data-error-summary] a[href^='#']");
    const target = link ? document.getElementById(decodeURIComponent(link.hash.slice(1))) : null;
    if (!target) return;
    event.preventDefault();
    focusOn(target, "center");
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only passes on the summary links' clicks, which are links
    // biome-ignore lint/a11y/useKeyWithClickEvents: a link's Enter is a click
    <div ref={frame} onClick={followSummaryLink}>
      {sent && success ? (
        <SuccessBox title={success.title}>
          {success.body}
          {success.back ? (
            <p className="mt-6">
              <a href={success.back.to} className="btn-outline">
                {success.back.label}
              </a>
            </p>
          ) : null}
        </SuccessBox>
      ) : (
        <form
          method="post"
          action={action}
          {...getFormProps(form, { ariaAttributes: false })}
          onSubmit={onSubmit}
          onFocus={prepare}
          onPointerDown={prepare}
          onBlur={noteLeft}
          aria-busy={sending || undefined}
          className={className}
        >
          {summaryShown ? (
            <ErrorSummary title={summaryTitle} entries={summary} others={unlistedErrors(form.allErrors, summary)} />
          ) : null}
          {children}
          <Honeypot formId={form.id} />
          <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
          <div className="space-y-4 border-t border-line pt-8">
            {notice ? <SendNotice message={notice} autoFocus /> : null}
            <SubmitButton sendingLabel={sendingLabel} disabled={sending}>
              {submitLabel}
            </SubmitButton>
            <PrivacyNote>{privacyNote}</PrivacyNote>
            <p aria-live="polite" className="sr-only">
              {sending ? "Sending your form…" : ""}
            </p>
          </div>
        </form>
      )}
    </div>
  );
}
