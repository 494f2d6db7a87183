/** A record's status, notes and history, the same on quotes, applications and feedback. */
import { Form } from "react-router";
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
  return (
    <StaffSection id="work-heading" title="Follow-up" className="card p-5">
      <p className="my-2">
        Status: <StatusBadge status={status} />
      </p>
      {canUpdate ? (
        <div className="grid gap-6 md:grid-cols-2">
          <Form method="post" preventScrollReset>
            <SelectField label="Change status" name="status" options={statusOptions(kind)} defaultValue={status} />
            <button type="submit" name="intent" value="status" className="btn-primary">
              Save status
            </button>
          </Form>
          <Form method="post" preventScrollReset>
            <TextArea label="Add a note" name="note" required />
            <button type="submit" name="intent" value="note" className="btn-outline">
              Add note
            </button>
          </Form>
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
