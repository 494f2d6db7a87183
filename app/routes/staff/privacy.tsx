import { data, Form } from "react-router";
import { Notice, StaffHeading, StaffSection, staffMeta, TextField, When } from "~/components/staff/ui";
import {
  describePeriod,
  describeSubject,
  ERASED_TEXT,
  type MarketingChannel,
  PERSONAL_RECORD_LABELS,
  parseSubject,
  RETENTION_SETTINGS,
  type RetentionSetting,
  type Subject,
} from "~/domain/privacy";
import { staffPath } from "~/domain/staff/routes";
import type { Database } from "~/server/db.server";
import { consentState } from "~/server/privacy/consents.server";
import { readRetentionPeriods, saveRetentionPeriods } from "~/server/privacy/retention.server";
import { erasePersonalData, findForRequest, RECORD_KINDS, type RecordKind } from "~/server/privacy/rights.server";
import { requestContext } from "~/server/request-context.server";
import type { Actor } from "~/server/staff/audit.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import type { Route } from "./+types/privacy";

export const meta = () => staffMeta("Privacy");

const CHANNEL_LABELS: Readonly<Record<MarketingChannel, string>> = { email: "E-mail", sms: "Text" };

const SUBJECT_MESSAGE =
  "Enter an e-mail address, a UK mobile number, or a name with the day one of their records was made.";

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "privacy");
  return { periods: await readRetentionPeriods(args.context.get(requestContext).db) };
}

/** One line per record: enough to recognise it, the full record is in the export. */
function describeRecord(kind: RecordKind, row: Record<string, unknown>): string {
  const at = row.createdAt instanceof Date ? row.createdAt.toISOString().slice(0, 10) : "";
  switch (kind) {
    case "quotes":
      return `Quote #${row.id} of ${at} for ${row.name}, £${((row.totalPence as number) / 100).toFixed(2)}`;
    case "jobApplications":
      return `#${row.id} of ${at}: ${row.role}, ${row.position}, status ${row.status}`;
    case "modelApplications":
    case "feedback":
      return `#${row.id} of ${at} from ${row.name}`;
    case "consents":
      return `${at}: ${row.granted ? "agreed to" : "withdrew"} ${row.channel} marketing (${row.source})`;
    case "messages":
      return `#${row.id} of ${at}: ${row.template} by ${row.channel}, ${row.status}`;
    case "unsubscribeLinks":
      return `Made ${at}`;
    case "staffNotes":
      return `${at}: ${row.kind} on ${row.subjectType} #${row.subjectId}`;
    case "appointments": {
      const starts = row.startsAt instanceof Date ? row.startsAt.toISOString().slice(0, 10) : "";
      return `#${row.id}, ${starts} at ${row.salonName || "the salon"} (${row.source})`;
    }
  }
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await requireStaffAction(args, "privacy");
  const { db } = args.context.get(requestContext);

  if (intent === "retention") {
    const saved = await saveRetentionPeriods(db, input, staff);
    if ("invalid" in saved)
      return data(
        {
          kind: "retention" as const,
          error: `Check ${saved.invalid.map((name) => RETENTION_SETTINGS[name].label.toLowerCase()).join(", ")}: each must be a whole number within its limits.`,
        },
        { status: 422 },
      );
    return { kind: "retention" as const, done: "The new periods are saved; the next hourly pass follows them." };
  }

  const identifier = (input.identifier ?? "").trim();
  const day = (input.day ?? "").trim();
  const subject = parseSubject(identifier, day || undefined);
  // What was typed comes back with the message, to be corrected rather than typed again.
  const typed = { identifier, day };
  if (!subject) return data({ kind: "request" as const, error: SUBJECT_MESSAGE, ...typed }, { status: 422 });

  if (intent === "erase") {
    if (input.confirmed !== "yes")
      return data(
        {
          kind: "request" as const,
          error: "Tick the box to confirm the request really comes from this person.",
          ...typed,
        },
        { status: 422 },
      );
    const erased = await erasePersonalData(db, subject, staff, input.preview ?? "");
    if (!erased.ok)
      // Something changed since the preview (or there was none): show what is held now, to confirm again.
      return data(
        {
          ...(await preview(db, subject, staff, identifier, day)),
          error: "What we hold for this person changed since you looked. Check the list below and confirm again.",
        },
        { status: 409 },
      );
    const total = Object.values(erased.counts).reduce((sum, n) => sum + n, 0);
    return {
      kind: "erased" as const,
      reference: erased.reference,
      done: `Erased ${total} record${total === 1 ? "" : "s"}. Keep the reference ${erased.reference} with your reply to the person.`,
    };
  }

  return preview(db, subject, staff, identifier, day);
}

/** What erasing would take, shown before it is done: every record, the identifiers gathered, the texts redacted. */
async function preview(db: Database, subject: Subject, staff: Actor, identifier: string, day: string) {
  const found = await findForRequest(db, subject, staff);
  const consent = [];
  const channels: [MarketingChannel, string[]][] = [
    ["email", found.identifiers.emails],
    ["sms", found.identifiers.mobiles],
  ];
  for (const [channel, ids] of channels) {
    for (const id of ids) {
      const state = await consentState(db, id, channel);
      consent.push({ channel, id, ...state, since: state.since?.toISOString() ?? null });
    }
  }
  return {
    kind: "found" as const,
    identifier,
    day,
    about: describeSubject(subject),
    reference: found.reference,
    preview: found.preview,
    identifiers: found.identifiers,
    complete: found.complete,
    redactions: found.redactions,
    consent,
    records: RECORD_KINDS.map((kind) => ({
      kind,
      lines: found.data[kind].map((row) => describeRecord(kind, row)),
    })),
    error: undefined as string | undefined,
  };
}

function IdentifierFields({ identifier, day }: { identifier?: string; day?: string }) {
  return (
    <>
      <TextField
        label="E-mail address, mobile number or name"
        name="identifier"
        id="identifier"
        defaultValue={identifier}
        required
        autoComplete="off"
        maxLength={254}
        hint="As the person gave it to you; any spelling of the same address or number finds the same records, and each address or number on those records is followed in turn."
      />
      <TextField
        label="Day a record was made (for a name)"
        name="day"
        id="day"
        type="date"
        defaultValue={day}
        hint="A name alone could be anyone: with a name, give the day (London time) they sent a form or saved a quote."
      />
    </>
  );
}

/** The identifiers the search went through, so staff can see it did not stray to someone else. */
function Gathered({ identifiers }: { identifiers: { emails: string[]; mobiles: string[]; names: string[] } }) {
  const rows: [string, string[]][] = [
    ["E-mail addresses", identifiers.emails],
    ["Mobile numbers", identifiers.mobiles],
    ["Names on the records", identifiers.names],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {rows.map(([label, values]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="break-words">{values.length === 0 ? "none" : values.join(", ")}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function StaffPrivacy({ loaderData, actionData }: Route.ComponentProps) {
  const found = actionData?.kind === "found" ? actionData : null;
  const typed = found ?? (actionData?.kind === "request" ? actionData : null);
  return (
    <>
      <StaffHeading title="Privacy">
        Requests from people about their data, and how long the site keeps it. Everything you do here is in the audit
        log.
      </StaffHeading>

      <StaffSection id="request-heading" title="A request about someone's data" className="card mb-8 p-5">
        <p className="my-3 text-muted">
          Find everything held about one person, send it to them, or erase it. Start from their e-mail address, their
          mobile number, or their name with the day they sent a form. Quotes and feedback ratings stay for the
          statistics with nothing that identifies the person; the audit log keeps what staff did, with anything that
          names the person replaced by “{ERASED_TEXT}”.
        </p>
        {actionData?.kind === "request" ? <Notice tone="error">{actionData.error}</Notice> : null}
        {found?.error ? <Notice tone="error">{found.error}</Notice> : null}
        {actionData?.kind === "erased" ? <Notice tone="success">{actionData.done}</Notice> : null}
        <Form method="post" preventScrollReset>
          <IdentifierFields identifier={typed?.identifier} day={typed?.day} />
          <button type="submit" name="intent" value="find" className="btn-primary">
            Find their data
          </button>
        </Form>

        {found ? (
          <div className="mt-6 border-t border-line pt-6">
            <h3 className="text-xl">What we hold for {found.about}</h3>
            <p className="text-sm text-muted">Reference {found.reference}</p>
            <h4 className="mt-4 font-semibold">Found through</h4>
            <Gathered identifiers={found.identifiers} />
            {found.complete ? null : (
              <Notice tone="error">
                The search stopped before following every address and number it found: the records link more of them
                than one person usually has (a shared number, say). Check the list below is one person before erasing.
              </Notice>
            )}
            <h4 className="mt-4 font-semibold">Marketing consent</h4>
            <ul className="mb-4">
              {found.consent.length === 0 ? <li>No e-mail address or mobile number found.</li> : null}
              {found.consent.map((c) => (
                <li key={`${c.channel}-${c.id}`}>
                  {CHANNEL_LABELS[c.channel]} to {c.id}:{" "}
                  {c.since ? (
                    <>
                      {c.granted ? "agreed" : "withdrawn"} <When at={c.since} /> ({c.source}){" "}
                      {c.wording ? <q className="text-muted">{c.wording}</q> : null}
                    </>
                  ) : (
                    "never asked for marketing"
                  )}
                </li>
              ))}
            </ul>
            <dl className="space-y-3">
              {found.records.map((group) => (
                <div key={group.kind}>
                  <dt className="font-semibold">
                    {PERSONAL_RECORD_LABELS[group.kind]}: {group.lines.length}
                  </dt>
                  {group.lines.map((line) => (
                    <dd key={line} className="ml-4 text-sm">
                      {line}
                    </dd>
                  ))}
                </div>
              ))}
              <div>
                <dt className="font-semibold">Audit log entries that name them: {found.redactions.auditEntries}</dt>
                <dd className="ml-4 text-sm">Their details become “{ERASED_TEXT}”; who did what, and when, stays.</dd>
              </div>
              <div>
                <dt className="font-semibold">
                  Notes on other people's records that name them: {found.redactions.otherNotes}
                </dt>
                <dd className="ml-4 text-sm">Their text becomes “{ERASED_TEXT}”.</dd>
              </div>
              <div>
                <dt className="font-semibold">
                  Staff's daily digests that list their quotes: {found.redactions.digests}
                </dt>
                <dd className="ml-4 text-sm">Their name is taken out; the other clients' entries stay.</dd>
              </div>
            </dl>

            <Form
              method="post"
              action={staffPath("privacy/export")}
              reloadDocument
              className="mt-6 flex flex-wrap gap-3"
            >
              <input type="hidden" name="identifier" value={found.identifier} />
              <input type="hidden" name="day" value={found.day} />
              <button type="submit" name="intent" value="json" className="btn-outline">
                Download as JSON
              </button>
              <button type="submit" name="intent" value="csv" className="btn-outline">
                Download as CSV
              </button>
            </Form>

            <Form method="post" preventScrollReset className="mt-6 rounded-xl border border-accent-dark p-4">
              <input type="hidden" name="identifier" value={found.identifier} />
              <input type="hidden" name="day" value={found.day} />
              {/* What the erasure confirms: if anything differs when it runs, it stops and shows the list again. */}
              <input type="hidden" name="preview" value={found.preview} />
              <label className="flex items-start gap-3">
                <input type="checkbox" name="confirmed" value="yes" required className="mt-1 size-5" />
                <span>
                  I have checked the list above is this one person, confirmed the request comes from them, and nothing
                  we must keep (an open complaint, say) stands in the way.
                </span>
              </label>
              <button type="submit" name="intent" value="erase" className="btn-primary mt-4">
                Erase everything listed for {found.about}
              </button>
            </Form>
          </div>
        ) : null}
      </StaffSection>

      <StaffSection id="retention-heading" title="How long we keep things" className="card p-5">
        <p className="my-3 text-muted">
          An hourly pass erases what has reached its period. The privacy notice quotes these periods as they stand.
        </p>
        {actionData?.kind === "retention" ? (
          <Notice tone={"error" in actionData ? "error" : "success"}>
            {"error" in actionData ? actionData.error : actionData.done}
          </Notice>
        ) : null}
        <Form method="post" preventScrollReset>
          {(
            Object.entries(RETENTION_SETTINGS) as [RetentionSetting, (typeof RETENTION_SETTINGS)[RetentionSetting]][]
          ).map(([name, setting]) => (
            <div key={name} className="mb-4">
              <label htmlFor={`period-${name}`} className="block font-semibold">
                {setting.label} ({setting.unit})
              </label>
              <p id={`period-${name}-hint`} className="text-sm text-muted">
                Now {describePeriod(name, loaderData.periods[name])}; from {setting.min} to {setting.max}.
              </p>
              <input
                id={`period-${name}`}
                name={name}
                type="number"
                min={setting.min}
                max={setting.max}
                step={1}
                required
                defaultValue={loaderData.periods[name]}
                aria-describedby={`period-${name}-hint`}
                className="mt-1 block w-32 rounded-lg border border-muted bg-white px-3 py-2 text-base text-ink"
              />
            </div>
          ))}
          <button type="submit" name="intent" value="retention" className="btn-primary">
            Save the periods
          </button>
        </Form>
      </StaffSection>
    </>
  );
}
