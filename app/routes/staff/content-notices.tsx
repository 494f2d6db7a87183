import { useActionData } from "react-router";
import { EditForm, EditNotice, EditText, EditTextArea, ViewOnSite } from "~/components/staff/edit";
import { StaffHeading, staffMeta } from "~/components/staff/ui";
import { londonDay } from "~/domain/salon-time";
import { noticeSchema, noticeShows } from "~/domain/staff/site-content";
import { now } from "~/server/clock.server";
import { requestContext } from "~/server/request-context.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { type EditResult, parseEdit, refuse } from "~/server/staff/content.server";
import { listNoticesForConsole, unknownStylists, updateNotice } from "~/server/staff/site-content.server";
import type { Route } from "./+types/content-notices";

export const meta = () => staffMeta("Notices");

const KIND_LABELS: Record<string, string> = {
  transfer: "A stylist moving salon",
  departure: "A stylist leaving",
  reopening: "Reopening",
  prices: "New prices",
};

const isStylistNotice = (kind: string) => kind === "transfer" || kind === "departure";

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "contentNotices");
  const today = londonDay(now());
  const rows = await listNoticesForConsole(args.context.get(requestContext).db);
  return {
    notices: rows.map((row) => ({
      id: row.id,
      version: row.version,
      path: row.path,
      kind: row.kind,
      title: row.title,
      showing: noticeShows(row, today),
      values: {
        title: row.title,
        lead: row.lead ?? "",
        body: row.body,
        publishFrom: row.publishFrom ?? "",
        publishUntil: row.publishUntil ?? "",
        sisterSalonText: row.sisterSalonText ?? "",
        alternativeStylists: row.alternativeStylists,
        offerCode: row.offerCode ?? "",
        offerPercent: row.offerPercent === null ? "" : String(row.offerPercent),
        offerText: row.offerText ?? "",
        offerSmallPrint: row.offerSmallPrint ?? "",
      },
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, input } = await requireStaffAction(args, "contentNotices");
  const id = Number(input.id);
  if (!Number.isSafeInteger(id) || id < 1)
    return refuse(400, { error: "Which notice? Reload the page and try again." });
  const parsed = parseEdit(noticeSchema, input);
  if (!parsed.ok) return parsed.refusal;
  const unknown = await unknownStylists(args.context.get(requestContext).db, parsed.value.alternativeStylists);
  if (unknown.length > 0)
    return refuse(400, {
      error: "Some of what you entered needs another look: see the message by each field.",
      fieldErrors: { alternativeStylists: `Nobody on the team page is called ${unknown.join(", ")}.` },
      values: input,
    });
  return (
    (await updateNotice(args.context.get(requestContext).db, staff, id, input, parsed.value)) ?? {
      done: `Saved “${parsed.value.title}”.`,
      // The page comes back with this notice's form still unfolded, for the next change.
      saved: String(id),
    }
  );
}

export default function ContentNotices({ loaderData }: Route.ComponentProps) {
  const answer = useActionData() as (EditResult & { saved?: string }) | undefined;
  const openId = answer && "error" in answer ? answer.values?.id : answer?.saved;
  return (
    <>
      <StaffHeading title="Notices">
        Pages of their own for a stylist leaving or moving, reopening and new prices. Each shows from its first day to
        its last (UK days; empty for no limit); outside them its address leads to the home page.
      </StaffHeading>
      <EditNotice />
      <ul className="space-y-4">
        {loaderData.notices.map((notice) => (
          <li key={notice.id} className="card p-4 sm:p-5">
            <h2 className="text-xl">{notice.title}</h2>
            <p className="mt-1 text-sm text-muted">
              {KIND_LABELS[notice.kind] ?? notice.kind} · {notice.path} ·{" "}
              <span className="font-semibold text-ink">{notice.showing ? "Showing now" : "Not showing today"}</span>
              {notice.showing ? (
                <>
                  {" "}
                  · <ViewOnSite href={notice.path} />
                </>
              ) : null}
            </p>
            <details className="mt-3" open={openId === String(notice.id)}>
              <summary className="cursor-pointer font-semibold underline">Edit “{notice.title}”</summary>
              <div className="mt-3">
                <EditForm
                  intent="save"
                  version={notice.version}
                  current={notice.values}
                  hidden={{ id: String(notice.id) }}
                  idSuffix={`-${notice.id}`}
                  submitLabel="Save the notice"
                >
                  <EditText name="title" label="Title" required maxLength={120} />
                  {notice.kind === "reopening" || notice.kind === "prices" ? (
                    <EditTextArea
                      name="lead"
                      label={notice.kind === "prices" ? "Summary" : "Opening lines"}
                      hint={
                        notice.kind === "prices"
                          ? "What search engines show under the page's title."
                          : "Under the title, in larger type."
                      }
                      rows={3}
                      maxLength={600}
                    />
                  ) : null}
                  <EditTextArea
                    name="body"
                    label="Text"
                    hint="Leave an empty line between paragraphs."
                    rows={10}
                    required
                    maxLength={6000}
                  />
                  <EditText name="publishFrom" type="date" label="First day shown" />
                  <EditText name="publishUntil" type="date" label="Last day shown" />
                  {isStylistNotice(notice.kind) ? (
                    <>
                      <EditText
                        name="alternativeStylists"
                        label="Stylists suggested instead"
                        hint="Their page names, most similar first, separated by commas: isla, priya."
                      />
                      <EditTextArea name="sisterSalonText" label="About the other salon" rows={2} maxLength={300} />
                      <EditText
                        name="offerCode"
                        label="Thank-you offer: code"
                        hint="Leave empty for no offer."
                        maxLength={20}
                      />
                      <EditText name="offerPercent" label="Offer: percent off" inputMode="numeric" maxLength={4} />
                      <EditTextArea name="offerText" label="Offer: what it gives" rows={2} maxLength={400} />
                      <EditTextArea
                        name="offerSmallPrint"
                        label="Offer: small print"
                        hint="One condition a line."
                        rows={3}
                        maxLength={1000}
                      />
                    </>
                  ) : null}
                </EditForm>
              </div>
            </details>
          </li>
        ))}
      </ul>
    </>
  );
}
