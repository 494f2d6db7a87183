/** A record's status, notes and history, the same on quotes, applications and feedback. */
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { type RecordKind, STATUS_LABELS, statusOptions } from "~/domain/staff/records";
import { Notice, SelectField, StaffSection, TextArea, When } from "./ui";

export interface HistoryLine {
  id: number;
  kind: string;
  body: string;
  createdAt: string;
  staffName: string;
}

export type ActionMessage = { done: string } | { error: string } | undefined;

export function ActionNotice({ message }: { message: ActionMessage }) {
  if (!message) return null;
  return "error" in message ? (
    <Notice tone="error">{message.error}</Notice>
  ) : (
    <Notice tone="success">{message.done}</Notice>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className="inline-block rounded-full border border-line bg-sand px-2.5 py-0.5 text-sm">
      {STATUS_LABELS[status] ?? status}
    </span>
  );
}

/**
 * A fetcher's answer, beside the form that was sent: polite for a
 * confirmation, assertive for a refusal. The region is always in the page, so
 * what appears in it is read out.
 */
export function FetcherMessage({ answer }: { answer: ActionMessage }) {
  const error = answer && "error" in answer;
  return (
    <p
      role={error ? "alert" : "status"}
      className={`mt-2 font-semibold empty:hidden ${error ? "text-accent-dark" : ""}`}
    >
      {answer ? ("error" in answer ? answer.error : answer.done) : ""}
    </p>
  );
}

/**
 * A status list whose save a fetcher sends. `shown` is the status being sent, or else the stored one (so a change
 * made elsewhere, such as a reply sent, shows); the list's `value` is the status picked and not yet sent, or else
 * `shown`. A pick made while the last save is still on its way is kept, not put back when that save's answer
 * comes. Call `sent()` as the form is sent.
 */
export function useStatusChoice(stored: string, fetcher: { formData?: FormData }) {
  const [picked, setPicked] = useState<string | null>(null);
  const pending = fetcher.formData?.get("status");
  const shown = typeof pending === "string" ? pending : stored;
  return { shown, value: picked ?? shown, pick: setPicked, sent: () => setPicked(null) };
}

/**
 * The status and note forms send without a page load (a fetcher each): the
 * page stays where it is, the button says "Saving…" and cannot be pressed
 * twice, the badge shows the new status at once, and the answer shows beside
 * the form. Without JavaScript they are the same forms, posted.
 */
export function RecordWork({
  kind,
  status,
  history,
  canUpdate,
}: {
  kind: RecordKind;
  status: string;
  history: HistoryLine[];
  canUpdate: boolean;
}) {
  const statusSave = useFetcher<ActionMessage>({ key: `status-${kind}` });
  const noteSave = useFetcher<ActionMessage>({ key: `note-${kind}` });
  // The status being saved shows at once; a refusal puts the stored one back.
  const choice = useStatusChoice(status, statusSave);
  const savingStatus = statusSave.state !== "idle";
  const savingNote = noteSave.state !== "idle";
  // The buttons stay focusable while sending (aria-disabled, not disabled), so the focus stays where it was.
  // A note that was added leaves the box empty for the next one, unless something else was typed into it while the
  // note was being saved: that is kept.
  const noteForm = useRef<HTMLFormElement>(null);
  const sentNote = useRef<FormDataEntryValue | null>(null);
  const noteAnswer = noteSave.data;
  useEffect(() => {
    if (noteSave.state !== "idle" || !noteAnswer || !("done" in noteAnswer)) return;
    const form = noteForm.current;
    if (form && sentNote.current !== null && new FormData(form).get("note") === sentNote.current) form.reset();
    sentNote.current = null;
  }, [noteSave.state, noteAnswer]);
  return (
    <StaffSection id="work-heading" title="Follow-up" className="card p-5">
      <p className="my-2">
        Status: <StatusBadge status={choice.shown} />
      </p>
      {canUpdate ? (
        <div className="grid gap-6 md:grid-cols-2">
          <statusSave.Form
            method="post"
            preventScrollReset
            onSubmit={(event) => (savingStatus ? event.preventDefault() : choice.sent())}
          >
            <SelectField
              label="Change status"
              name="status"
              options={statusOptions(kind)}
              value={choice.value}
              onChange={choice.pick}
            />
            <button
              type="submit"
              name="intent"
              value="status"
              className="btn-primary"
              aria-disabled={savingStatus || undefined}
              aria-label={savingStatus ? undefined : "Save status"}
            >
              {savingStatus ? "Saving…" : "Save status"}
            </button>
            <FetcherMessage answer={savingStatus ? undefined : statusSave.data} />
          </statusSave.Form>
          <noteSave.Form
            method="post"
            preventScrollReset
            ref={noteForm}
            onSubmit={(event) => {
              if (savingNote) event.preventDefault();
              else sentNote.current = new FormData(event.currentTarget).get("note");
            }}
          >
            <TextArea label="Add a note" name="note" required />
            <button
              type="submit"
              name="intent"
              value="note"
              className="btn-outline"
              aria-disabled={savingNote || undefined}
              aria-label={savingNote ? undefined : "Add note"}
            >
              {savingNote ? "Saving…" : "Add note"}
            </button>
            <FetcherMessage answer={savingNote ? undefined : noteAnswer} />
          </noteSave.Form>
        </div>
      ) : null}
      <h3 className="mt-6 text-xl">History</h3>
      {history.length === 0 ? (
        <p className="text-muted">Nothing yet.</p>
      ) : (
        <ol className="mt-2 space-y-3">
          {history.map((line) => (
            <li key={line.id} className="border-l-2 border-line pl-3">
              <p className="text-sm text-muted">
                <When at={line.createdAt} /> · {line.staffName} ·{" "}
                {line.kind === "status" ? "status" : line.kind === "reply" ? "reply sent" : "note"}
              </p>
              <p className="whitespace-pre-wrap">{line.body}</p>
            </li>
          ))}
        </ol>
      )}
    </StaffSection>
  );
}
