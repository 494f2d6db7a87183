import { data, Link, useFetcher } from "react-router";
import { serviceTypeCopy } from "~/components/calculator/labels";
import { BookedAppointment } from "~/components/staff/booked-appointment";
import { type ActionMessage, ActionNotice, FetcherMessage, RecordWork } from "~/components/staff/record";
import { Notice, StaffHeading, StaffSection, staffMeta, TextArea, TextField, When } from "~/components/staff/ui";
import { isCalculatorType } from "~/domain/calculator-state";
import { firstNameOf } from "~/domain/first-visit-offer";
import { referralLabel } from "~/domain/form-texts";
import { formatGBP, telHref } from "~/domain/format";
import { describeSource } from "~/domain/funnel";
import { newIdempotencyKey } from "~/domain/idempotency";
import { londonDay } from "~/domain/salon-time";
import { colourFlagWords, SKIN_TEST_ANSWER_LABELS, skinTestStatusWords } from "~/domain/skin-test";
import { auditHistoryPath } from "~/domain/staff/audit-log";
import { clientName, REPLY_BODY_MAX, REPLY_SUBJECT_MAX, REPLY_TEXT_MAX } from "~/domain/staff/records";
import { nationalMobile } from "~/domain/typed-text";
import { now } from "~/server/clock.server";
import { requestContext } from "~/server/request-context.server";
import { auditView } from "~/server/staff/audit.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { bookedAppointment } from "~/server/staff/bookings.server";
import { leadWork, resendLeadMessage, sendLeadReply } from "~/server/staff/lead-work.server";
import { getLead } from "~/server/staff/leads.server";
import { listHistory, recordId, workRecord } from "~/server/staff/records.server";
import { leadSkinTest } from "~/server/staff/skin-tests.server";
import type { Route } from "./+types/lead";

export const meta = ({ data }: Route.MetaArgs) => staffMeta(data ? `Quote for ${clientName(data.lead.name)}` : "Quote");

const MISSING = "There is no quote with that number.";

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "lead");
  const db = args.context.get(requestContext).db;
  const id = recordId(args.params.id);
  const row = id ? await getLead(db, id, staff.scope) : undefined;
  if (!id || !row) throw data({ error: MISSING }, { status: 404 });
  await auditView(db, staff, "quote.view", { type: "quote", id });
  const q = row.quote;
  const [history, work, booking] = await Promise.all([
    listHistory(db, "quote", id),
    leadWork(db, q),
    bookedAppointment(db, id),
  ]);
  const canUpdate = staff.can("leads.update");
  const skin = await leadSkinTest(db, q, booking, londonDay(now()));
  return {
    // A colour quote's readiness: the client's answer, the test on record, and a flag on a booking it does not cover.
    skinTest:
      skin.kind === "colour"
        ? {
            answer: skin.answer ? SKIN_TEST_ANSWER_LABELS[skin.answer] : "Not asked",
            consultation: skin.consultation,
            status: skinTestStatusWords(skin.latest),
            ready: skin.latest?.current === true,
            flag: skin.booking ? colourFlagWords(skin.booking.readiness, skin.booking.startsAt) : null,
          }
        : null,
    canUpdate,
    // The record's history in the audit log, for those whose role may read it.
    auditHref: staff.can("audit.view") ? auditHistoryPath("quote", id) : null,
    history,
    booking: booking && { ...booking, startsAt: booking.startsAt.toISOString() },
    lead: {
      id: q.id,
      name: q.name,
      firstName: firstNameOf(q.name),
      mobile: q.mobile,
      email: q.email,
      referral: q.referral,
      source: describeSource(q),
      regular: q.regular,
      typeName: isCalculatorType(q.calculator) ? serviceTypeCopy(q.calculator).name : q.calculator,
      salon: row.salon,
      level: row.level,
      stylistName: q.stylistName,
      totalPence: q.totalPence,
      status: q.status,
      createdAt: q.createdAt.toISOString(),
      viewCount: q.viewCount,
      firstViewedAt: q.firstViewedAt?.toISOString() ?? null,
      lastViewedAt: q.lastViewedAt?.toISOString() ?? null,
      bookClicks: q.bookClicks,
      lastBookClickAt: q.lastBookClickAt?.toISOString() ?? null,
      erasedAt: q.anonymisedAt?.toISOString() ?? null,
      erasedOnRequest: q.erasedOnRequest,
    },
    work: {
      ...work,
      offer: work.offer ? { ...work.offer, validUntil: work.offer.validUntil.toISOString() } : null,
      consent: work.consent
        ? {
            email: { ...work.consent.email, since: work.consent.email.since?.toISOString() ?? null },
            sms: { ...work.consent.sms, since: work.consent.sms.since?.toISOString() ?? null },
          }
        : null,
      messages: work.messages.map((m) => ({
        ...m,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
        failedAt: m.failedAt?.toISOString() ?? null,
      })),
      replies: canUpdate ? work.replies : null,
    },
    // Each rendering of the reply forms carries its own key: a second press of "Send" is the same reply.
    replyKey: newIdempotencyKey(),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await requireStaffAction(args, "lead");
  const db = args.context.get(requestContext).db;
  const id = recordId(args.params.id);
  if (!id) throw data({ error: MISSING }, { status: 404 });
  if (intent === "reply") {
    const channel = input.channel === "sms" || input.channel === "email" ? input.channel : null;
    if (!channel || !/^[A-Za-z0-9_-]{16,100}$/.test(input.key ?? ""))
      return data({ error: "Reload the page and send the reply again." }, { status: 400 });
    const outcome = await sendLeadReply(db, staff, id, {
      channel,
      subject: input.subject ?? "",
      body: input.body ?? "",
      key: input.key ?? "",
    });
    return outcome.ok ? { done: outcome.done } : data({ error: outcome.error }, { status: outcome.status });
  }
  if (intent === "resend") {
    const messageId = recordId(input.message);
    if (!messageId) return data({ error: "That message is not one of this quote's." }, { status: 400 });
    const outcome = await resendLeadMessage(db, staff, id, messageId);
    return outcome.ok ? { done: outcome.done } : data({ error: outcome.error }, { status: outcome.status });
  }
  const outcome = await workRecord(db, staff, "quote", id, intent, input);
  return outcome.ok ? { done: outcome.done } : data({ error: outcome.error }, { status: outcome.status });
}

type LoaderData = Route.ComponentProps["loaderData"];

/** A colour quote's skin test: what the front desk must sort out before the client's colour. */
function SkinTest(props: NonNullable<LoaderData["skinTest"]>) {
  return (
    <Notice tone={props.flag ? "error" : props.ready ? "success" : "info"}>
      <span data-testid="skin-test-status" className="font-semibold">
        {props.status}
      </span>
      . The client's answer to "skin test with us in the last 6 months": {props.answer}.
      {props.consultation ? " The client asked for a consultation before the colour." : ""}
      {props.flag ? (
        <strong data-testid="skin-test-flag" className="mt-2 block">
          {props.flag}.
        </strong>
      ) : null}
    </Notice>
  );
}

export default function Lead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, work } = loaderData;
  return (
    <>
      <StaffHeading title={`Quote for ${clientName(lead.name)}`}>
        Saved <When at={lead.createdAt} /> · {lead.salon}
      </StaffHeading>
      <ActionNotice message={actionData} />
      <BookedAppointment booking={loaderData.booking} />
      {loaderData.skinTest ? <SkinTest {...loaderData.skinTest} /> : null}
      {lead.erasedAt ? (
        <Notice>
          The client's name, mobile number and e-mail address were erased <When at={lead.erasedAt} />
          {lead.erasedOnRequest ? " at their request" : ", as the retention period for quotes ended"}. The quote stays
          for the figures; there is no one to contact.
        </Notice>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <StaffSection id="client-heading" title="Client" className="card p-5">
          {lead.mobile ? (
            <p className="my-3">
              <a href={telHref(lead.mobile)} className="btn-primary">
                Call {nationalMobile(lead.mobile)}
              </a>
            </p>
          ) : null}
          {work.replies ? <Replies lead={lead} drafts={work.replies} replyKey={loaderData.replyKey} /> : null}
          <dl className="mt-4 grid gap-x-4 sm:grid-cols-[auto_1fr] sm:gap-y-2 [&>dd]:mb-2 sm:[&>dd]:mb-0">
            {lead.email ? (
              <>
                <dt className="text-muted">E-mail</dt>
                <dd className="break-all">{lead.email}</dd>
              </>
            ) : null}
            <dt className="text-muted">Client</dt>
            <dd>{lead.regular ? "Returning" : "New"}</dd>
            <dt className="text-muted">Heard about us</dt>
            <dd>{referralLabel(lead.referral)}</dd>
            <dt className="text-muted">Came from</dt>
            <dd data-testid="lead-source">{lead.source}</dd>
            <dt className="text-muted">Opened the quote</dt>
            <dd>
              {lead.viewCount === 0 ? (
                "Not yet"
              ) : (
                <>
                  {lead.viewCount} {lead.viewCount === 1 ? "time" : "times"}, first <When at={lead.firstViewedAt} />,
                  last <When at={lead.lastViewedAt} />
                </>
              )}
            </dd>
            <dt className="text-muted">Clicked Book</dt>
            <dd data-testid="book-clicks">
              {lead.bookClicks === 0 ? "Not yet" : `${lead.bookClicks} ${lead.bookClicks === 1 ? "time" : "times"}`}
            </dd>
            {work.consent ? (
              <>
                <Consent channel="Offers by e-mail" state={work.consent.email} />
                <Consent channel="Offers by text" state={work.consent.sms} />
              </>
            ) : null}
          </dl>
          {work.consent ? (
            <p className="mt-3 text-sm text-muted">
              Replies about this quote are service messages and may be sent either way; offers go only to those who
              agreed.
            </p>
          ) : null}
        </StaffSection>
        <QuoteCard lead={lead} work={work} />
      </div>
      <Messages messages={work.messages} canResend={loaderData.canUpdate} />
      <div className="mt-6">
        <RecordWork kind="quote" status={lead.status} history={loaderData.history} canUpdate={loaderData.canUpdate} />
      </div>
      {loaderData.auditHref ? (
        <p className="mt-4">
          <Link to={loaderData.auditHref} className="underline underline-offset-2">
            This quote’s history in the audit log
          </Link>
        </p>
      ) : null}
    </>
  );
}

type ConsentView = NonNullable<LoaderData["work"]["consent"]>["email"];

function Consent({ channel, state }: { channel: string; state: ConsentView }) {
  return (
    <>
      <dt className="text-muted">{channel}</dt>
      <dd>
        {state.since === null ? (
          "Not agreed"
        ) : (
          <>
            {state.granted ? "Agreed" : "Withdrawn"} <When at={state.since} />
            {state.wording ? (
              <span className="block text-sm text-muted">
                {state.granted ? "Agreed to: " : ""}“{state.wording}”
              </span>
            ) : null}
          </>
        )}
      </dd>
    </>
  );
}

function QuoteCard({ lead, work }: { lead: LoaderData["lead"]; work: LoaderData["work"] }) {
  return (
    <StaffSection id="quote-heading" title="The quote" className="card p-5">
      <p className="my-2 text-muted">
        {lead.typeName} · {lead.salon} · {lead.stylistName ?? `a ${lead.level}`}
      </p>
      <p className="my-2">
        <a href={work.clientHref} target="_blank" rel="noopener" className="underline underline-offset-2">
          The page the client sees<span className="sr-only"> (opens in a new tab)</span>
        </a>{" "}
        <span className="text-sm text-muted">(your visit is not counted as theirs)</span>
      </p>
      <table className="w-full">
        <caption className="sr-only">Services quoted</caption>
        <thead>
          <tr>
            <th scope="col" className="text-left">
              Service
            </th>
            <th scope="col" className="text-right">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {work.lines.map((line) => (
            <tr key={line.key} className="border-t border-line">
              <td className="py-1.5">
                {line.label}
                {line.till !== line.label && line.till !== "None" ? (
                  <span className="block text-sm text-muted">Till: {line.till}</span>
                ) : null}
              </td>
              <td className="py-1.5 text-right align-top">{formatGBP(line.pricePence)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-ink font-semibold">
            <th scope="row" className="py-1.5 text-left">
              Estimated total
            </th>
            <td className="py-1.5 text-right">{formatGBP(lead.totalPence)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-3">
        {work.offer ? (
          <>
            First-visit offer promised: code <strong>{work.offer.code}</strong>, {formatGBP(work.offer.totalPence)} with{" "}
            {work.offer.percent}% off, {work.offer.ended ? "ended" : "until"} <When at={work.offer.validUntil} />.
          </>
        ) : (
          "A returning client: no first-visit offer."
        )}
      </p>
    </StaffSection>
  );
}

const STATE_WORDS: Readonly<Record<string, string>> = {
  pending: "Queued",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
};

function Messages({ messages, canResend }: { messages: LoaderData["work"]["messages"]; canResend: boolean }) {
  const resend = useFetcher<ActionMessage>({ key: "lead-resend" });
  return (
    <StaffSection id="messages-heading" title="Messages about this quote" className="card mt-6 p-5">
      {messages.length === 0 ? (
        <p className="my-2 text-muted">None: the client asked for none, or their details were erased.</p>
      ) : (
        <div>
          <table className="w-full">
            <caption className="sr-only">Messages about this quote and how each went</caption>
            <thead>
              <tr>
                <th scope="col" className="pr-3 text-left">
                  Message
                </th>
                <th scope="col" className="pr-3 text-left">
                  State
                </th>
                <th scope="col" className="text-left">
                  When
                </th>
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => (
                <tr key={m.id} className="border-t border-line align-top">
                  <td className="py-2 pr-3">{m.what}</td>
                  <td className="py-2 pr-3">
                    {STATE_WORDS[m.status] ?? m.status}
                    {m.status === "failed" && m.lastError ? (
                      <span className="block text-sm text-muted">{m.lastError}</span>
                    ) : null}
                    {m.status === "failed" && canResend ? (
                      <resend.Form method="post" preventScrollReset className="mt-1">
                        <input type="hidden" name="message" value={m.id} />
                        <button type="submit" name="intent" value="resend" className="btn-outline">
                          Send again
                        </button>
                      </resend.Form>
                    ) : null}
                  </td>
                  <td className="py-2">
                    <When at={m.sentAt ?? m.failedAt ?? m.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <FetcherMessage answer={resend.state === "idle" ? resend.data : undefined} />
    </StaffSection>
  );
}

/**
 * The salon's replies, drafted from its templates with this quote's details:
 * staff read, change and send them from here, and they go through the outbox.
 */
function Replies({
  lead,
  drafts,
  replyKey,
}: {
  lead: LoaderData["lead"];
  drafts: NonNullable<LoaderData["work"]["replies"]>;
  replyKey: string;
}) {
  const who = lead.firstName || "the client";
  return (
    <div className="space-y-2">
      {lead.mobile ? <ReplyForm channel="sms" title={`Text ${who}`} draft={drafts.sms} replyKey={replyKey} /> : null}
      {lead.email ? (
        <ReplyForm channel="email" title={`E-mail ${who}`} draft={drafts.email} replyKey={replyKey} />
      ) : null}
    </div>
  );
}

function ReplyForm({
  channel,
  title,
  draft,
  replyKey,
}: {
  channel: "sms" | "email";
  title: string;
  draft: { subject: string; body: string };
  replyKey: string;
}) {
  const send = useFetcher<ActionMessage>({ key: `lead-reply-${channel}` });
  const sending = send.state !== "idle";
  return (
    <details className="rounded-lg border border-line p-3">
      <summary className="cursor-pointer font-semibold">{title}</summary>
      <send.Form method="post" preventScrollReset onSubmit={(event) => sending && event.preventDefault()}>
        <input type="hidden" name="channel" value={channel} />
        <input type="hidden" name="key" value={`${replyKey}-${channel}`} />
        {channel === "email" ? (
          <TextField
            label="Subject"
            name="subject"
            required
            defaultValue={draft.subject}
            maxLength={REPLY_SUBJECT_MAX}
            idSuffix={`-${channel}`}
          />
        ) : null}
        <TextArea
          label={channel === "sms" ? "Text" : "Message"}
          name="body"
          required
          defaultValue={draft.body}
          rows={channel === "sms" ? 6 : 10}
          maxLength={channel === "sms" ? REPLY_TEXT_MAX : REPLY_BODY_MAX}
          idSuffix={`-${channel}`}
          hint="The salon's reply from Settings, with this quote's details filled in. A reply marks a New lead Contacted."
        />
        <button type="submit" name="intent" value="reply" className="btn-primary" aria-disabled={sending || undefined}>
          {sending ? "Sending…" : channel === "sms" ? "Send the text" : "Send the e-mail"}
        </button>
        <FetcherMessage answer={sending ? undefined : send.data} />
      </send.Form>
    </details>
  );
}
