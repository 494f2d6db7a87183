/**
 * Bookings matched back (decision 070): the appointments export uploaded
 * and its columns mapped, the bookings waiting for a person to confirm, the
 * recent matches and imports (each can be undone), and the webhook's secret.
 */
import { data, Form, Link } from "react-router";
import { TextFileInto } from "~/components/staff/edit";
import { ActionNotice } from "~/components/staff/record";
import { Notice, RowAction, SelectField, StaffHeading, StaffSection, staffMeta, When } from "~/components/staff/ui";
import {
  APPOINTMENT_FIELDS,
  type ColumnMapping,
  csvHeaders,
  FIELD_LABELS,
  guessMapping,
  guessPreset,
  MAX_APPOINTMENT_CSV_CHARS,
  PRESET_COLUMNS,
  PRESET_LABELS,
  PRESETS,
  type Preset,
  parseAppointmentsCsv,
} from "~/domain/bookings/appointment-csv";
import { MATCH_REASON_LABELS, type MatchReason } from "~/domain/bookings/matching";
import { formatGBP } from "~/domain/format";
import { clientName, STATUS_LABELS } from "~/domain/staff/records";
import { staffPath } from "~/domain/staff/routes";
import { isTextEncoding, TEXT_ENCODING_LABELS, type TextEncoding } from "~/domain/staff/text-file";
import { requestContext } from "~/server/request-context.server";
import { audit } from "~/server/staff/audit.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import {
  bookingsOverview,
  confirmReview,
  dismissReview,
  importAppointments,
  rotateWebhookSecret,
  undoImport,
  undoMatch,
} from "~/server/staff/bookings.server";
import { recordId } from "~/server/staff/records.server";
import type { Route } from "./+types/bookings";

export const meta = () => staffMeta("Bookings matched");

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "bookings");
  const db = args.context.get(requestContext).db;
  const overview = await bookingsOverview(db, staff);
  await audit(db, staff, {
    action: "booking.list",
    summary: `${overview.review.length} to review, ${overview.matched.length} matched`,
  });
  return {
    canImport: staff.can("bookings.import"),
    maxCsvChars: MAX_APPOINTMENT_CSV_CHARS,
    presets: PRESETS.map((value) => ({ value, label: PRESET_LABELS[value] })),
    presetColumns: PRESETS.map((p) => ({ label: PRESET_LABELS[p], columns: Object.values(PRESET_COLUMNS[p]) })),
    reasons: MATCH_REASON_LABELS as Record<string, string>,
    review: overview.review.map((r) => ({
      ...r,
      quoteName: clientName(r.quoteName),
      quoteCreatedAt: r.quoteCreatedAt.toISOString(),
      startsAt: r.startsAt.toISOString(),
      quoteStatus: STATUS_LABELS[r.quoteStatus] ?? r.quoteStatus,
    })),
    matched: overview.matched.map((r) => ({
      ...r,
      quoteName: clientName(r.quoteName),
      startsAt: r.startsAt.toISOString(),
    })),
    imports: overview.imports.map((i) => ({
      id: i.id,
      source: i.source,
      appointments: i.appointments,
      matched: i.matched,
      toReview: i.toReview,
      createdAt: i.createdAt.toISOString(),
      undoneAt: i.undoneAt?.toISOString() ?? null,
    })),
    secretSetAt: overview.secretSetAt?.toISOString() ?? null,
  };
}

const isPreset = (value: string | undefined): value is Preset =>
  value !== undefined && (PRESETS as readonly string[]).includes(value);

/** The mapping screen's state: the file, the encoding it was read in, its headers and the column chosen for each field. */
interface MapStep {
  step: "map";
  csv: string;
  encoding: TextEncoding | "";
  preset: Preset | "";
  headers: string[];
  mapping: ColumnMapping;
  fields: { name: string; label: string }[];
  error?: string;
  problems?: string[];
}

function mapStep(
  csv: string,
  encoding: TextEncoding | "",
  preset: Preset | "",
  headers: string[],
  mapping: ColumnMapping,
): MapStep {
  return {
    step: "map",
    csv,
    encoding,
    preset,
    headers,
    mapping,
    fields: APPOINTMENT_FIELDS.map((name) => ({ name, label: FIELD_LABELS[name] })),
  };
}

const lines = (n: number) => (n === 1 ? "1 line" : `${n} lines`);

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await requireStaffAction(args, "bookings");
  const db = args.context.get(requestContext).db;
  const csv = input.csv ?? "";
  // Which encoding the browser read the chosen file in (pasted text has none): said back, never trusted for more.
  const encoding = isTextEncoding(input.encoding) ? input.encoding : "";
  if (intent === "columns" || intent === "import") {
    if (csv.length > MAX_APPOINTMENT_CSV_CHARS)
      return data({ error: "That file is too large: export a shorter period." }, { status: 400 });
    const headers = csvHeaders(csv);
    if (!headers || headers.length < 2)
      return data({ error: "Choose the booking system's CSV export (or paste it) first." }, { status: 400 });
    const preset = isPreset(input.preset) ? input.preset : (guessPreset(headers) ?? "");
    if (intent === "columns") return mapStep(csv, encoding, preset, headers, guessMapping(preset || null, headers));
    const mapping: ColumnMapping = {};
    for (const field of APPOINTMENT_FIELDS) {
      const column = input[`map-${field}`];
      if (column && headers.includes(column)) mapping[field] = column;
    }
    const parsed = parseAppointmentsCsv(csv, mapping);
    if (!parsed.ok)
      return data(
        {
          ...mapStep(csv, encoding, preset, headers, mapping),
          error: parsed.error,
          problems: parsed.problems.slice(0, 20).map((p) => `Line ${p.row}: ${p.message}`),
        },
        { status: 400 },
      );
    const counts = await importAppointments(db, staff, preset || "csv", parsed.appointments);
    const { refused, notes } = parsed;
    return {
      done: [
        encoding ? `Read as ${TEXT_ENCODING_LABELS[encoding]}.` : "",
        `${counts.appointments} ${counts.appointments === 1 ? "appointment" : "appointments"} imported: ${counts.matched} matched to quotes and set to Booked, ${counts.toReview} waiting for you to confirm below${counts.cancelled ? `, ${counts.cancelled} cancelled since` : ""}${counts.unchanged ? `; ${counts.unchanged} ${counts.unchanged === 1 ? "was" : "were"} already here` : ""}.`,
        counts.elsewhere
          ? `${counts.elsewhere} at salons your account does not cover ${counts.elsewhere === 1 ? "was" : "were"} left out, for whoever covers them to import.`
          : "",
        refused.length
          ? `${lines(refused.length)} could not be read and ${refused.length === 1 ? "was" : "were"} left out.`
          : "",
        notes.length ? `${lines(notes.length)} of refunds ${notes.length === 1 ? "was" : "were"} left out.` : "",
      ]
        .filter(Boolean)
        .join(" "),
      lines: [...refused, ...notes]
        .sort((a, b) => a.row - b.row)
        .slice(0, 20)
        .map((p) => `Line ${p.row}: ${p.message}`),
    };
  }
  if (intent === "secret") {
    const secret = await rotateWebhookSecret(db, staff);
    return { done: "A new secret is set: the one before it no longer works.", secret };
  }
  const id = recordId(input.id);
  if (!id) return data({ error: "That item is no longer in the list." }, { status: 404 });
  if (intent === "undo-import") {
    const outcome = await undoImport(db, staff, id);
    if (outcome === "missing") return data({ error: "There is no such import." }, { status: 404 });
    if (outcome === "undone") return data({ error: "That import was already undone." }, { status: 409 });
    return {
      done: "The import is undone: the quotes it set to Booked are back as they were, unless someone changed them since.",
    };
  }
  if (intent === "undo-match") {
    const outcome = await undoMatch(db, staff, id);
    if (outcome === "missing") return data({ error: "That match is no longer in the list." }, { status: 404 });
    return {
      done:
        outcome === "done"
          ? "The match is undone and the quote is back to its status before."
          : "The match is undone; the quote's status was changed since, so it stays as it is.",
    };
  }
  const outcome = intent === "confirm" ? await confirmReview(db, staff, id) : await dismissReview(db, staff, id);
  if (outcome === "missing") return data({ error: "Someone has already dealt with that booking." }, { status: 409 });
  if (outcome === "locked")
    return data(
      { error: "That quote was marked Not booked by someone: change it on its page if it is wrong." },
      { status: 409 },
    );
  return { done: intent === "confirm" ? "Confirmed: the quote is Booked." : "Dismissed: the quote is left as it was." };
}

function appointmentLine(a: {
  startsAt: string;
  salonName: string;
  stylistName: string;
  service: string;
  valuePence: number | null;
}) {
  return (
    <>
      <When at={a.startsAt} />
      {a.salonName ? ` · ${a.salonName}` : ""}
      {a.stylistName ? ` · ${a.stylistName}` : ""}
      {a.service ? ` · ${a.service}` : ""}
      {a.valuePence !== null ? ` · ${formatGBP(a.valuePence)}` : ""}
    </>
  );
}

function MappingForm({ step, presetNames }: { step: MapStep; presetNames: Record<string, string> }) {
  const options = [{ value: "", label: "(not in this file)" }, ...step.headers.map((h) => ({ value: h, label: h }))];
  return (
    <Form method="post" encType="multipart/form-data" preventScrollReset className="max-w-2xl">
      <input type="hidden" name="preset" value={step.preset} />
      <input type="hidden" name="encoding" value={step.encoding} />
      <p className="mb-4 text-muted">
        {step.encoding ? `Read as ${TEXT_ENCODING_LABELS[step.encoding]}. ` : ""}
        {step.preset
          ? `Read as a ${presetNames[step.preset]} export. Check each column below; change any that your export names differently.`
          : Object.keys(step.mapping).length > 0
            ? "Columns guessed from their headers: check each below, and choose any that is missing or wrong."
            : "We did not recognise this export: choose the column for each field."}
      </p>
      {step.error ? (
        <Notice tone="error">
          {step.error}
          {step.problems && step.problems.length > 0 ? (
            <ul className="mt-2 list-disc pl-5">
              {step.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
        </Notice>
      ) : null}
      <div className="grid gap-x-4 sm:grid-cols-2">
        {step.fields.map((field) => (
          <SelectField
            key={field.name}
            name={`map-${field.name}`}
            label={field.label}
            options={options}
            defaultValue={step.mapping[field.name as keyof ColumnMapping] ?? ""}
          />
        ))}
      </div>
      <details className="mb-4">
        <summary className="cursor-pointer">The file ({step.csv.split("\n").length - 1} lines)</summary>
        <label htmlFor="csv-mapped" className="mt-2 block font-semibold">
          Export
        </label>
        <textarea
          id="csv-mapped"
          name="csv"
          defaultValue={step.csv}
          rows={6}
          readOnly
          className="mt-1 block w-full rounded-lg border border-muted bg-white px-3 py-2 font-mono text-sm"
        />
      </details>
      <button type="submit" name="intent" value="import" className="btn-primary">
        Import and match
      </button>
    </Form>
  );
}

export default function Bookings({ loaderData, actionData }: Route.ComponentProps) {
  const { review, matched, imports, canImport, reasons } = loaderData;
  const presetNames: Record<string, string> = Object.fromEntries(loaderData.presets.map((p) => [p.value, p.label]));
  const step = actionData && "step" in actionData ? (actionData as MapStep) : null;
  const secret = actionData && "secret" in actionData ? (actionData.secret as string) : null;
  const message = actionData && !step ? (actionData as { done: string } | { error: string }) : undefined;
  const lineNotes = message && "lines" in message ? (message.lines as string[]) : [];
  // One card per appointment, listing the quotes it may book.
  const groups = new Map<string, typeof review>();
  for (const item of review) {
    const key = `${item.source}|${item.startsAt}|${item.clientName}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return (
    <>
      <StaffHeading title="Bookings matched">
        Appointments from the booking system are matched to the quotes of the last 60 days by mobile and e-mail. A sure
        match sets the quote to Booked; an uncertain one waits here for you. A status someone set by hand is never
        changed.
      </StaffHeading>
      <ActionNotice message={message} />
      {lineNotes.length > 0 ? (
        <ul className="mb-4 list-disc pl-5" aria-label="Lines left out">
          {lineNotes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {secret ? (
        <Notice tone="success">
          <p className="font-semibold">The webhook's new secret, shown only this once:</p>
          <p className="mt-1 break-all font-mono" data-testid="webhook-secret">
            {secret}
          </p>
          <p className="mt-1 text-sm">Paste it into the booking system now; it cannot be shown again.</p>
        </Notice>
      ) : null}

      <StaffSection id="review-heading" title={`To confirm (${groups.size})`} className="mb-8">
        {groups.size === 0 ? (
          <p className="mt-2 text-muted">Nothing waits for you.</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {[...groups.values()].map((items) => {
              const first = items[0] as (typeof items)[number];
              return (
                <li key={first.id} className="card p-4">
                  <p className="font-semibold">
                    {first.clientName || "A client with no name"} booked {appointmentLine(first)}
                  </p>
                  <p className="text-sm text-muted">{reasons[first.reason as MatchReason] ?? first.reason}</p>
                  <ul className="mt-3 space-y-3">
                    {items.map((item) => (
                      <li key={item.id} className="flex flex-wrap items-center gap-3 border-t border-line pt-3">
                        <span className="min-w-0 flex-1">
                          <Link to={staffPath(`leads/${item.quoteId}`)} className="underline">
                            Quote for {item.quoteName}
                          </Link>{" "}
                          of {formatGBP(item.quoteTotalPence)}, saved <When at={item.quoteCreatedAt} /> (
                          {item.quoteStatus})
                        </span>
                        <RowAction
                          field="id"
                          value={item.id}
                          intent="confirm"
                          label="Confirm"
                          of={`the booking for ${item.quoteName}'s quote ${item.quoteId}`}
                        />
                        <RowAction
                          field="id"
                          value={item.id}
                          intent="dismiss"
                          label="Dismiss"
                          of={`the booking for ${item.quoteName}'s quote ${item.quoteId}`}
                        />
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        )}
      </StaffSection>

      {canImport ? (
        <StaffSection id="import-heading" title="Import appointments" className="card mb-8 p-5">
          {step ? (
            <MappingForm step={step} presetNames={presetNames} />
          ) : (
            <Form method="post" encType="multipart/form-data" preventScrollReset className="max-w-2xl">
              <p className="my-2 text-muted">
                Export the appointments from your booking system as CSV (a week or a month at a time) and choose the
                file. The next step shows which column each field is read from.
              </p>
              <SelectField
                name="preset"
                label="Booking system"
                options={[{ value: "", label: "Recognise it from the file" }, ...loaderData.presets]}
              />
              <label htmlFor="csv-file" className="block font-semibold">
                Choose the .csv export
              </label>
              <TextFileInto
                id="csv-file"
                accept=".csv,text/csv,.txt,text/plain"
                into="csv-text"
                encodingName="encoding"
                className="mb-4 mt-1 block w-full"
              />
              <label htmlFor="csv-text" className="block font-semibold">
                Or paste it here
              </label>
              <textarea
                id="csv-text"
                name="csv"
                rows={5}
                maxLength={loaderData.maxCsvChars}
                className="mb-4 mt-1 block w-full rounded-lg border border-muted bg-white px-3 py-2 font-mono text-sm"
              />
              <button type="submit" name="intent" value="columns" className="btn-primary">
                Read the columns
              </button>
            </Form>
          )}
        </StaffSection>
      ) : null}

      <StaffSection id="matched-heading" title="Recent matches" className="mb-8">
        {matched.length === 0 ? (
          <p className="mt-2 text-muted">No booking has been matched yet.</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {matched.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center gap-3 border-b border-line pb-2">
                <span className="min-w-0 flex-1">
                  <Link to={staffPath(`leads/${m.quoteId}`)} className="underline">
                    {m.quoteName}
                  </Link>{" "}
                  booked {appointmentLine(m)} {m.state === "confirmed" ? "(confirmed by staff)" : ""}
                </span>
                <RowAction
                  field="id"
                  value={m.id}
                  intent="undo-match"
                  label="Undo"
                  of={`the match for ${m.quoteName}`}
                />
              </li>
            ))}
          </ul>
        )}
      </StaffSection>

      {canImport ? (
        <>
          <StaffSection id="imports-heading" title="Imports" className="mb-8">
            {imports.length === 0 ? (
              <p className="mt-2 text-muted">No export has been imported yet.</p>
            ) : (
              <ul className="mt-3 space-y-2">
                {imports.map((i) => (
                  <li
                    key={i.id}
                    id={`import-${i.id}`}
                    className="flex flex-wrap items-center gap-3 border-b border-line pb-2"
                  >
                    <span className="min-w-0 flex-1">
                      <When at={i.createdAt} />: {presetNames[i.source] ?? "CSV"}, {i.appointments} appointments,{" "}
                      {i.matched} matched, {i.toReview} to confirm
                      {i.undoneAt ? (
                        <>
                          {" "}
                          · undone <When at={i.undoneAt} />
                        </>
                      ) : null}
                    </span>
                    {i.undoneAt ? null : (
                      <RowAction
                        field="id"
                        value={i.id}
                        intent="undo-import"
                        label="Undo import"
                        of={`number ${i.id}`}
                      />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </StaffSection>
          <StaffSection id="webhook-heading" title="The booking system's webhook" className="card mb-8 p-5">
            <p className="my-2">
              Booking systems that can call a web address when an appointment is made or cancelled call{" "}
              <code className="break-all">/api/bookings/webhook</code>, signed with a secret you set here (an
              HMAC-SHA256 of the time and the body).{" "}
              {loaderData.secretSetAt ? (
                <>
                  The current secret was set <When at={loaderData.secretSetAt} />.
                </>
              ) : (
                "No secret is set yet, so the webhook refuses every call."
              )}
            </p>
            <Form method="post" preventScrollReset>
              <button type="submit" name="intent" value="secret" className="btn-outline">
                {loaderData.secretSetAt ? "Replace the secret" : "Set a secret"}
              </button>
            </Form>
          </StaffSection>
          <details className="mb-8">
            <summary className="cursor-pointer">The columns each booking system's export is read from</summary>
            <ul className="mt-2 space-y-1 text-sm">
              {loaderData.presetColumns.map((p) => (
                <li key={p.label}>
                  <span className="font-semibold">{p.label}:</span> {p.columns.join(", ")}
                </li>
              ))}
            </ul>
          </details>
        </>
      ) : null}
    </>
  );
}
