import { data, Form } from "react-router";
import { ActionNotice } from "~/components/staff/record";
import { StaffHeading, StaffSection, staffMeta, TextArea, TextField } from "~/components/staff/ui";
import { isReplyTemplateKey } from "~/domain/staff/records";
import { replyTemplatesOf, saveReplyTemplate } from "~/server/staff/applications.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { digestTime, isDigestTime, setDigestTime } from "~/server/staff/digest.server";
import type { Route } from "./+types/settings";

export const meta = () => staffMeta("Settings");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "settings");
  const [time, templates] = await Promise.all([digestTime(args.context.db), replyTemplatesOf(args.context.db)]);
  return { time, templates };
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await requireStaffAction(args, "settings");
  if (intent === "digest") {
    if (!isDigestTime(input.time))
      return data({ error: "Give the time as hours and minutes, like 17:30." }, { status: 400 });
    await setDigestTime(args.context.db, staff, input.time);
    return { done: `The new-quotes e-mail now goes out at ${input.time} each day.` };
  }
  const subject = (input.subject ?? "").trim();
  const body = (input.body ?? "").trim();
  if (!isReplyTemplateKey(input.template) || !subject || subject.length > 200 || !body || body.length > 5000)
    return data(
      { error: "A reply needs a subject (up to 200 characters) and a message (up to 5,000)." },
      { status: 400 },
    );
  await saveReplyTemplate(args.context.db, staff, input.template, { subject, body });
  return { done: "Reply saved." };
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <StaffHeading title="Settings">
        How the console tells staff about new quotes, and how it answers applicants.
      </StaffHeading>
      <ActionNotice message={actionData} />
      <StaffSection id="digest-heading" title="New-quotes e-mail" className="card mb-6 p-5">
        <p className="my-2 text-muted">
          Once a day at this time (UK time), staff who see quotes get one e-mail listing the new ones. A time changed
          today counts from today.
        </p>
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <TextField label="Time" name="time" type="time" required defaultValue={loaderData.time} />
          <button type="submit" name="intent" value="digest" className="btn-primary mb-4">
            Save time
          </button>
        </Form>
      </StaffSection>
      <StaffSection id="replies-heading" title="Replies to job applicants" className="card p-5">
        <p className="my-2 text-muted">
          {"{firstName}"} and {"{role}"} are filled in with the applicant's first name and the role they applied for.
        </p>
        {loaderData.templates.map((t) => (
          <Form key={t.key} method="post" className="mt-6 border-t border-line pt-4">
            <h3 className="mb-2 text-xl">{t.label}</h3>
            <input type="hidden" name="template" value={t.key} />
            <TextField
              label={`Subject of "${t.label}"`}
              name="subject"
              required
              defaultValue={t.subject}
              maxLength={200}
              idSuffix={`-${t.key}`}
            />
            <TextArea
              label={`Message of "${t.label}"`}
              name="body"
              required
              defaultValue={t.body}
              rows={7}
              idSuffix={`-${t.key}`}
            />
            <button type="submit" name="intent" value="template" className="btn-outline">
              Save "{t.label}"
            </button>
          </Form>
        ))}
      </StaffSection>
    </>
  );
}
