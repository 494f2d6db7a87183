import { data, Form } from "react-router";
import { ActionNotice } from "~/components/staff/record";
import { SelectField, StaffHeading, StaffSection, staffMeta, TextArea, TextField, When } from "~/components/staff/ui";
import { fileSize } from "~/domain/format";
import {
  isPriceRounding,
  PRICE_ROUNDING_LABELS,
  PRICE_ROUNDING_PHRASES,
  PRICE_ROUNDINGS,
} from "~/domain/price-rounding";
import {
  isReplyTemplateKey,
  REPLY_BODY_MAX,
  REPLY_SUBJECT_MAX,
  REPLY_TEMPLATES,
  REPLY_TEXT_MAX,
  TEMPLATE_FIELDS,
} from "~/domain/staff/records";
import { STAFF_ROUTES, staffPath } from "~/domain/staff/routes";
import { listBackupFiles, recentBackups } from "~/server/backup/backups.server";
import { config } from "~/server/config.server";
import { problems, readHealth } from "~/server/health.server";
import { pruneJob } from "~/server/housekeeping.server";
import { parseQuietHours, quietHours, setQuietHours } from "~/server/lead-alerts.server";
import { priceRounding, setPriceRounding } from "~/server/price-rounding.server";
import { retentionJob } from "~/server/privacy/retention.server";
import { requestContext } from "~/server/request-context.server";
import { replyTemplatesOf, saveReplyTemplate } from "~/server/staff/applications.server";
import { confirmSignInPath, requireStaff, requireStaffAction, signedInRecently } from "~/server/staff/auth.server";
import { digestJob, digestTime, isDigestTime, setDigestTime } from "~/server/staff/digest.server";
import {
  isUncontactedHours,
  MAX_UNCONTACTED_HOURS,
  setUncontactedHours,
  uncontactedHours,
  uncontactedJob,
} from "~/server/staff/uncontacted.server";
import {
  checkWebhookUrl,
  renewWebhookSecret,
  setWebhookUrl,
  WEBHOOK_EVENTS,
  webhookSettings,
} from "~/server/webhooks.server";
import type { Route } from "./+types/settings";

export const meta = () => staffMeta("Settings");

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "settings");
  const settings = config();
  const db = args.context.get(requestContext).db;
  const [time, quiet, hours, templates, backups, health, webhook, rounding] = await Promise.all([
    digestTime(db),
    quietHours(db),
    uncontactedHours(db),
    replyTemplatesOf(db),
    recentBackups(db),
    readHealth(db, settings, [retentionJob.name, pruneJob.name, digestJob.name, uncontactedJob.name, "backup"]),
    webhookSettings(db),
    priceRounding(db),
  ]);
  return {
    time,
    quiet: quiet ?? { from: "", until: "" },
    uncontactedHours: hours,
    rounding,
    webhook: { ...webhook, events: WEBHOOK_EVENTS },
    templates,
    /** The download asks for a recent sign-in: until there is one, the link goes to confirm it first. */
    backupConfirm: signedInRecently(staff) ? null : confirmSignInPath(staffPath(STAFF_ROUTES.settings.path)),
    backups: backups.map((b) => ({
      id: b.id,
      at: b.finishedAt.toISOString(),
      size: b.bytes === null ? "" : fileSize(b.bytes),
      result:
        b.status === "ok"
          ? b.remote
            ? "Good, copied off the server"
            : "Good"
          : `Failed: ${b.error ?? "no reason kept"}`,
    })),
    // Whether the download has a file to give (it answers 404 until the first backup is on this server).
    downloadable: (await listBackupFiles(settings.backupDir)).length > 0,
    troubles: problems(health, settings).map((p) => p.text),
    diskFree: health.diskFreePercent === null ? null : Math.round(health.diskFreePercent),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await requireStaffAction(args, "settings");
  if (intent === "digest") {
    if (!isDigestTime(input.time))
      return data({ error: "Give the time as hours and minutes, like 17:30." }, { status: 400 });
    await setDigestTime(args.context.get(requestContext).db, staff, input.time);
    return { done: `The new-quotes e-mail now goes out at ${input.time} each day.` };
  }
  if (intent === "alerts") {
    const quiet = parseQuietHours(input);
    if (!quiet.ok) return data({ error: quiet.error }, { status: 400 });
    await setQuietHours(args.context.get(requestContext).db, staff, quiet.value);
    return {
      done: quiet.value
        ? `Alerts of new leads now wait from ${quiet.value.from} until ${quiet.value.until}.`
        : "Alerts of new leads now go at any hour.",
    };
  }
  if (intent === "uncontacted") {
    const hours = Number(input.hours);
    if (!/^\d+$/.test((input.hours ?? "").trim()) || !isUncontactedHours(hours))
      return data({ error: `Give the hours as a whole number from 1 to ${MAX_UNCONTACTED_HOURS}.` }, { status: 400 });
    await setUncontactedHours(args.context.get(requestContext).db, staff, hours);
    return {
      done: `Managers are now told of a lead still New after ${hours} opening ${hours === 1 ? "hour" : "hours"}.`,
    };
  }
  if (intent === "rounding") {
    if (!isPriceRounding(input.rounding))
      return data({ error: "Choose one of the three ways to round prices." }, { status: 400 });
    await setPriceRounding(args.context.get(requestContext).db, staff, input.rounding);
    return {
      done: `Quotes are now priced ${PRICE_ROUNDING_PHRASES[input.rounding]}, each line on its own. Quotes already given keep their amounts.`,
    };
  }
  if (intent === "webhook") {
    const url = checkWebhookUrl(input.url ?? "");
    if (!url.ok) return data({ error: url.error }, { status: 400 });
    await setWebhookUrl(args.context.get(requestContext).db, staff, url.url);
    return { done: url.url ? `Events now go to ${url.url}.` : "Events are no longer sent." };
  }
  if (intent === "webhook-secret") {
    await renewWebhookSecret(args.context.get(requestContext).db, staff);
    return { done: "New secret made: give it to the tool that receives the events." };
  }
  if (!isReplyTemplateKey(input.template)) return data({ error: "Choose one of the replies." }, { status: 400 });
  const template = REPLY_TEMPLATES[input.template];
  // A text has no subject; an e-mail needs one.
  const subject = template.channel === "email" ? (input.subject ?? "").trim() : "";
  const body = (input.body ?? "").trim();
  const bodyMax = template.channel === "sms" ? REPLY_TEXT_MAX : REPLY_BODY_MAX;
  if (
    (template.channel === "email" && (!subject || subject.length > REPLY_SUBJECT_MAX)) ||
    !body ||
    body.length > bodyMax
  )
    return data(
      {
        error:
          template.channel === "email"
            ? `A reply needs a subject (up to ${REPLY_SUBJECT_MAX} characters) and a message (up to ${REPLY_BODY_MAX.toLocaleString("en-GB")}).`
            : `A text needs a message of up to ${REPLY_TEXT_MAX} characters (three text messages).`,
      },
      { status: 400 },
    );
  await saveReplyTemplate(args.context.get(requestContext).db, staff, input.template, { subject, body });
  return { done: "Reply saved." };
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <StaffHeading title="Settings">
        How the console tells staff about new quotes, how it answers applicants, and how the site is keeping.
      </StaffHeading>
      <ActionNotice message={actionData} />
      <StaffSection id="digest-heading" title="New-quotes e-mail" className="card mb-6 p-5">
        <p className="my-2 text-muted">
          Once a day at this time (UK time), staff who see quotes get one e-mail listing the new ones. A time changed
          today counts from today.
        </p>
        <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-3">
          <TextField label="Time" name="time" type="time" required defaultValue={loaderData.time} />
          <button type="submit" name="intent" value="digest" className="btn-primary mb-4">
            Save time
          </button>
        </Form>
      </StaffSection>
      <StaffSection id="rounding-heading" title="Rounding of prices" className="card mb-6 p-5">
        <p className="my-2 text-muted">
          Each level adds its uplift to the price list, which gives odd pennies. Each line of a quote (and each price
          shown beside a service, a level or a stylist) is rounded this way; a total is the sum of its lines. Quotes
          already given keep the amounts they were given.
        </p>
        <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-3">
          <SelectField
            label="Round each price"
            name="rounding"
            defaultValue={loaderData.rounding}
            options={PRICE_ROUNDINGS.map((value) => ({ value, label: PRICE_ROUNDING_LABELS[value] }))}
          />
          <button type="submit" name="intent" value="rounding" className="btn-primary mb-4">
            Save rounding
          </button>
        </Form>
      </StaffSection>
      <StaffSection id="alerts-heading" title="Alerts of new leads" className="card mb-6 p-5">
        <p className="my-2 text-muted">
          A new quote or application is told at once to its salon's front desk (the addresses are on the Salons page).
          An alert that comes in quiet hours (UK time) waits until they end. Leave both times empty for none.
        </p>
        <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-3">
          <TextField label="Quiet from" name="quietFrom" type="time" defaultValue={loaderData.quiet.from} />
          <TextField label="Quiet until" name="quietUntil" type="time" defaultValue={loaderData.quiet.until} />
          <button type="submit" name="intent" value="alerts" className="btn-primary mb-4">
            Save alerts
          </button>
        </Form>
        <p className="my-2 text-muted">
          A quote still New after this many hours of its salon's opening hours (plain hours for a salon without hours)
          is e-mailed once to the managers, or to the owners when there is no manager.
        </p>
        <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-3">
          <TextField
            label="Hours before managers are told"
            name="hours"
            type="number"
            inputMode="numeric"
            required
            defaultValue={String(loaderData.uncontactedHours)}
          />
          <button type="submit" name="intent" value="uncontacted" className="btn-primary mb-4">
            Save hours
          </button>
        </Form>
      </StaffSection>
      <StaffSection id="webhook-heading" title="Events to your other tools (webhooks)" className="card mb-6 p-5">
        <p className="my-2 text-muted">
          When set, each of these is sent at once to the address below, signed with the secret, and tried again for two
          days while it fails: {loaderData.webhook.events.join(", ")}. No client's mobile or e-mail is sent; the event
          links to its page in the console. Leave the address empty to send nothing.
        </p>
        <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-3">
          <TextField
            label="Send events to (https://…)"
            name="url"
            type="url"
            defaultValue={loaderData.webhook.url ?? ""}
            maxLength={500}
          />
          <button type="submit" name="intent" value="webhook" className="btn-primary mb-4">
            Save address
          </button>
        </Form>
        {loaderData.webhook.secret ? (
          <Form method="post" preventScrollReset className="mt-2">
            <p className="my-2">
              Secret:{" "}
              <code className="break-all" data-testid="webhook-secret">
                {loaderData.webhook.secret}
              </code>
            </p>
            <button type="submit" name="intent" value="webhook-secret" className="btn-outline">
              Make a new secret
            </button>
          </Form>
        ) : null}
      </StaffSection>
      <StaffSection id="health-heading" title="Backups and health" className="card mb-6 p-5">
        {loaderData.troubles.length === 0 ? (
          <p className="my-2">
            All is well: the database answers, messages are going out,{" "}
            {loaderData.downloadable ? "backups are recent" : "the first backup is made tonight"} and no scheduled work
            is late.
          </p>
        ) : (
          <>
            <p className="my-2">Needs attention (the owner is also e-mailed about each, once an hour at most):</p>
            <ul className="my-2 list-disc pl-6">
              {loaderData.troubles.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
          </>
        )}
        {loaderData.diskFree !== null && (
          <p className="my-2 text-muted">The disk holding the site's data is {100 - loaderData.diskFree}% full.</p>
        )}
        <h3 className="mt-4 mb-2 text-xl">Latest backups</h3>
        {loaderData.backups.length === 0 ? (
          <p className="my-2 text-muted">No backup yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left [&_td]:py-1 [&_td]:pr-4 [&_td]:align-top [&_th]:pr-4">
              <thead>
                <tr>
                  <th scope="col">Finished (UK time)</th>
                  <th scope="col">Size</th>
                  <th scope="col">Result</th>
                </tr>
              </thead>
              <tbody>
                {loaderData.backups.map((b) => (
                  <tr key={b.id}>
                    <td>
                      <When at={b.at} />
                    </td>
                    <td className="whitespace-nowrap">{b.size}</td>
                    <td>{b.result}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {loaderData.downloadable ? (
          <>
            <p className="mt-4">
              {loaderData.backupConfirm ? (
                <a href={loaderData.backupConfirm} className="btn-outline">
                  Confirm it's you to download the latest backup
                </a>
              ) : (
                <a href={staffPath(STAFF_ROUTES.backupDownload.path)} className="btn-outline">
                  Download the latest backup
                </a>
              )}
            </p>
            <p className="my-2 text-muted">
              It holds everyone's details: keep it somewhere safe. Each download is recorded in the audit log.
            </p>
          </>
        ) : null}
      </StaffSection>
      <ReplyTemplates
        id="replies-heading"
        title="Replies to job applicants"
        templates={loaderData.templates.filter((t) => t.for === "job")}
        fields={TEMPLATE_FIELDS.job}
      />
      <ReplyTemplates
        id="quote-replies-heading"
        title="Replies to quotes"
        templates={loaderData.templates.filter((t) => t.for === "quote")}
        fields={TEMPLATE_FIELDS.quote}
      >
        Sent from a lead's page by e-mail or text, as a reply about the quote the client asked for, whatever they chose
        about offers: keep offers out of them.
      </ReplyTemplates>
    </>
  );
}

/** The wording of one kind of reply, each template its own form. */
function ReplyTemplates({
  id,
  title,
  templates,
  fields,
  children,
}: {
  id: string;
  title: string;
  templates: Route.ComponentProps["loaderData"]["templates"];
  fields: Readonly<Record<string, string>>;
  children?: React.ReactNode;
}) {
  return (
    <StaffSection id={id} title={title} className="card mb-6 p-5">
      {children ? <p className="my-2">{children}</p> : null}
      <p className="my-2 text-muted">
        Filled in when sent:{" "}
        {Object.entries(fields)
          .map(([key, what]) => `{${key}} with ${what}`)
          .join("; ")}
        .
      </p>
      {templates.map((t) => (
        <Form key={t.key} method="post" className="mt-6 border-t border-line pt-4">
          <h3 className="mb-2 text-xl">{t.label}</h3>
          <input type="hidden" name="template" value={t.key} />
          {t.channel === "email" ? (
            <TextField
              label={`Subject of "${t.label}"`}
              name="subject"
              required
              defaultValue={t.subject}
              maxLength={REPLY_SUBJECT_MAX}
              idSuffix={`-${t.key}`}
            />
          ) : null}
          <TextArea
            label={`Message of "${t.label}"`}
            name="body"
            required
            defaultValue={t.body}
            rows={t.channel === "sms" ? 4 : 7}
            maxLength={t.channel === "sms" ? REPLY_TEXT_MAX : REPLY_BODY_MAX}
            idSuffix={`-${t.key}`}
          />
          <button type="submit" name="intent" value="template" className="btn-outline">
            Save "{t.label}"
          </button>
        </Form>
      ))}
    </StaffSection>
  );
}
