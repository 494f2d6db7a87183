import { data, Link } from "react-router";
import { ActionNotice, RecordWork } from "~/components/staff/record";
import { ContactButtons, Notice, StaffHeading, StaffSection, staffMeta, When } from "~/components/staff/ui";
import { formatGBP } from "~/domain/format";
import { auditHistoryPath } from "~/domain/staff/audit-log";
import { clientName } from "~/domain/staff/records";
import { requestContext } from "~/server/request-context.server";
import { auditView } from "~/server/staff/audit.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { getLead } from "~/server/staff/leads.server";
import { listHistory, recordId, workRecord } from "~/server/staff/records.server";
import type { Route } from "./+types/lead";

export const meta = ({ data }: Route.MetaArgs) => staffMeta(data ? `Quote for ${clientName(data.lead.name)}` : "Quote");

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "lead");
  const id = recordId(args.params.id);
  const row = id ? await getLead(args.context.get(requestContext).db, id) : undefined;
  if (!id || !row) throw data({ error: "There is no quote with that number." }, { status: 404 });
  await auditView(args.context.get(requestContext).db, staff, "quote.view", { type: "quote", id });
  const q = row.quote;
  return {
    canUpdate: staff.can("leads.update"),
    // The record's history in the audit log, for those whose role may read it.
    auditHref: staff.can("audit.view") ? auditHistoryPath("quote", id) : null,
    history: await listHistory(args.context.get(requestContext).db, "quote", id),
    lead: {
      id: q.id,
      name: q.name,
      mobile: q.mobile,
      email: q.email,
      referral: q.referral,
      regular: q.regular,
      type: q.calculator,
      salon: row.salon,
      level: row.level,
      stylistName: q.stylistName,
      lines: q.lines.map((line) => ({
        key: line.serviceId,
        label: line.clientName ?? line.service,
        pricePence: line.pricePence,
      })),
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
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await requireStaffAction(args, "lead");
  const id = recordId(args.params.id);
  if (!id) throw data({ error: "There is no quote with that number." }, { status: 404 });
  const outcome = await workRecord(args.context.get(requestContext).db, staff, "quote", id, intent, input);
  return outcome.ok ? { done: outcome.done } : data({ error: outcome.error }, { status: outcome.status });
}

export default function Lead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead } = loaderData;
  return (
    <>
      <StaffHeading title={`Quote for ${clientName(lead.name)}`}>
        Saved <When at={lead.createdAt} />
      </StaffHeading>
      <ActionNotice message={actionData} />
      {lead.erasedAt ? (
        <Notice>
          The client's name, mobile number and e-mail address were erased <When at={lead.erasedAt} />
          {lead.erasedOnRequest ? " at their request" : ", as the retention period for quotes ended"}. The quote stays
          for the figures; there is no one to contact.
        </Notice>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <StaffSection id="client-heading" title="Client" className="card p-5">
          <ContactButtons mobile={lead.mobile} email={lead.email} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted">Client</dt>
            <dd>{lead.regular ? "Returning" : "New"}</dd>
            <dt className="text-muted">Heard about us</dt>
            <dd>{lead.referral}</dd>
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
          </dl>
        </StaffSection>
        <StaffSection id="quote-heading" title="The quote" className="card p-5">
          <p className="my-2 text-muted">
            {lead.type} · {lead.salon} · {lead.stylistName ?? `a ${lead.level}`}
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
              {lead.lines.map((line) => (
                <tr key={line.key} className="border-t border-line">
                  <td className="py-1.5">{line.label}</td>
                  <td className="py-1.5 text-right">{formatGBP(line.pricePence)}</td>
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
        </StaffSection>
      </div>
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
