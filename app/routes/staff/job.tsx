import { useEffect, useRef, useState } from "react";
import { data, useFetcher } from "react-router";
import { type ActionMessage, ActionNotice, FetcherMessage, RecordWork } from "~/components/staff/record";
import { ContactButtons, SelectField, StaffHeading, StaffSection, staffMeta, When } from "~/components/staff/ui";
import { jobRoleLabel } from "~/domain/form-texts";
import { IDEMPOTENCY_KEY_PATTERN, newIdempotencyKey } from "~/domain/idempotency";
import { isReplyTemplateKey } from "~/domain/staff/records";
import { requestContext } from "~/server/request-context.server";
import { getJobApplication, jobReply, replyTemplatesOf, sendReply } from "~/server/staff/applications.server";
import { auditView } from "~/server/staff/audit.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { listHistory, recordId, workRecord } from "~/server/staff/records.server";
import type { Route } from "./+types/job";

export const meta = ({ data }: Route.MetaArgs) =>
  staffMeta(data ? `Application from ${data.application.name}` : "Job application");

const MISSING = "There is no job application with that number.";

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "job");
  const id = recordId(args.params.id);
  const row = id ? await getJobApplication(args.context.get(requestContext).db, id) : undefined;
  if (!id || !row) throw data({ error: MISSING }, { status: 404 });
  await auditView(args.context.get(requestContext).db, staff, "job.view", { type: "job", id });
  const a = row.application;
  const canReply = staff.can("applications.reply");
  return {
    canUpdate: staff.can("applications.update"),
    // Each reply as it would go to this applicant, shown before it is sent.
    templates: canReply
      ? (await replyTemplatesOf(args.context.get(requestContext).db))
          .filter((t) => t.for === "job")
          .map((t) => ({ value: t.key, label: t.label, ...jobReply(t, a) }))
      : [],
    // A new one with every load, so each reply sent is one message however often its form is sent.
    replyKey: newIdempotencyKey(),
    history: await listHistory(args.context.get(requestContext).db, "job", id),
    application: {
      id: a.id,
      name: a.name,
      mobile: a.mobile,
      email: a.email,
      role: jobRoleLabel(a),
      position: a.position,
      salon: row.salon,
      about: a.about,
      whyHair: a.whyHair,
      whyUs: a.whyUs,
      status: a.status,
      createdAt: a.createdAt.toISOString(),
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await requireStaffAction(args, "job");
  const id = recordId(args.params.id);
  if (!id) throw data({ error: MISSING }, { status: 404 });
  if (intent === "reply") {
    if (!isReplyTemplateKey(input.template)) return data({ error: "Choose one of the replies." }, { status: 400 });
    if (!IDEMPOTENCY_KEY_PATTERN.test(input.key ?? ""))
      return data({ error: "Reload the page and send the reply again." }, { status: 400 });
    const sent = await sendReply(args.context.get(requestContext).db, staff, id, input.template, input.key ?? "");
    if (!sent.ok) return data({ error: MISSING }, { status: 404 });
    const moved = sent.movedTo ? ` Status: ${sent.movedTo}.` : "";
    return { done: `"${sent.label}" queued to send to ${sent.to}.${moved}` };
  }
  const outcome = await workRecord(args.context.get(requestContext).db, staff, "job", id, intent, input);
  return outcome.ok ? { done: outcome.done } : data({ error: outcome.error }, { status: outcome.status });
}

/**
 * The reply to send: none is chosen until staff choose one (a rejection is never one tap away), and the one
 * chosen is shown as the applicant will read it before it is sent. It is sent without a page load: the answer
 * shows beside the button (where a phone's screen is), the button cannot send twice, and once sent the choice
 * goes back to none.
 */
function JobReply({
  templates,
  replyKey,
}: {
  templates: { value: string; label: string; subject: string; text: string }[];
  replyKey: string;
}) {
  const [chosen, setChosen] = useState("");
  const send = useFetcher<ActionMessage>({ key: "job-reply" });
  const sending = send.state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  const answer = send.data;
  useEffect(() => {
    if (send.state === "idle" && answer && "done" in answer) {
      form.current?.reset();
      setChosen("");
    }
  }, [send.state, answer]);
  const reply = templates.find((t) => t.value === chosen);
  return (
    <send.Form ref={form} method="post" preventScrollReset onSubmit={(event) => sending && event.preventDefault()}>
      <input type="hidden" name="key" value={replyKey} />
      <SelectField
        label="Which reply"
        name="template"
        required
        options={[{ value: "", label: "Choose a reply" }, ...templates]}
        onChange={setChosen}
      />
      {reply ? (
        <div className="mb-4 rounded-lg border border-line bg-white p-3 text-sm" data-testid="reply-preview">
          <p className="font-semibold">{reply.subject}</p>
          <p className="mt-2 whitespace-pre-wrap">{reply.text}</p>
        </div>
      ) : null}
      <button type="submit" name="intent" value="reply" className="btn-primary" aria-disabled={sending || undefined}>
        {sending ? "Sending…" : reply ? `Send "${reply.label}"` : "Send reply"}
      </button>
      <FetcherMessage answer={sending ? undefined : answer} />
    </send.Form>
  );
}

export default function Job({ loaderData, actionData }: Route.ComponentProps) {
  const a = loaderData.application;
  return (
    <>
      <StaffHeading title={`Application from ${a.name}`}>
        {a.role} · received <When at={a.createdAt} />
      </StaffHeading>
      <ActionNotice message={actionData} />
      <div className="grid gap-6 lg:grid-cols-2">
        <StaffSection id="applicant-heading" title="Applicant" className="card p-5">
          <ContactButtons mobile={a.mobile} email={a.email} />
          <dl className="space-y-3">
            <div>
              {/* The form's "Position" answer is how far along the applicant is: years behind the chair, or new. */}
              <dt className="text-muted">Experience</dt>
              <dd>{a.position}</dd>
            </div>
            <div>
              {/* The salon alerted when it came in; the application itself is for every salon. */}
              <dt className="text-muted">Sent to</dt>
              <dd>{a.salon}</dd>
            </div>
            <div>
              <dt className="text-muted">About them</dt>
              <dd className="whitespace-pre-wrap">{a.about}</dd>
            </div>
            <div>
              <dt className="text-muted">Why hairdressing</dt>
              <dd className="whitespace-pre-wrap">{a.whyHair}</dd>
            </div>
            <div>
              <dt className="text-muted">Why us</dt>
              <dd className="whitespace-pre-wrap">{a.whyUs}</dd>
            </div>
          </dl>
        </StaffSection>
        {loaderData.templates.length > 0 ? (
          <StaffSection id="reply-heading" title="Reply" className="card p-5">
            <p className="my-2 text-muted">An e-mail to {a.email} in the owner's wording, kept in the history below.</p>
            <JobReply templates={loaderData.templates} replyKey={loaderData.replyKey} />
          </StaffSection>
        ) : null}
      </div>
      <div className="mt-6">
        <RecordWork kind="job" status={a.status} history={loaderData.history} canUpdate={loaderData.canUpdate} />
      </div>
    </>
  );
}
