import { FilterDate, FilterForm, FilterSelect } from "~/components/staff/filters";
import { Pager, pageOf, StaffHeading, staffMeta, When } from "~/components/staff/ui";
import { RECORD_KINDS } from "~/domain/staff/records";
import { listStaff } from "~/server/staff/accounts.server";
import { type AuditFilter, listAudit } from "~/server/staff/audit.server";
import { requireStaff } from "~/server/staff/auth.server";
import type { Route } from "./+types/audit";

export const meta = () => staffMeta("Audit log");

const SUBJECTS = [...RECORD_KINDS, "staff", "session", "message", "template", "settings"];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "audit");
  const url = new URL(args.request.url);
  const params = url.searchParams;
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    return DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
  };
  const staffParam = params.get("staff") ?? "";
  const subject = SUBJECTS.find((s) => s === params.get("subject"));
  const from = day("from");
  const to = day("to");
  const filter: AuditFilter = {
    staffId: /^[1-9]\d{0,8}$/.test(staffParam) ? Number(staffParam) : undefined,
    subjectType: subject,
    subjectId: /^[\w-]{1,40}$/.test(params.get("id") ?? "") ? (params.get("id") as string) : undefined,
    from: from ? new Date(`${from}T00:00:00Z`) : undefined,
    to: to ? new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000) : undefined,
  };
  const page = pageOf(url);
  const [rows, staff] = await Promise.all([
    listAudit(args.context.db, filter, { limit: page.limit + 1, offset: page.offset }),
    listStaff(args.context.db),
  ]);
  return {
    filter: { staff: filter.staffId, subject, from, to },
    staff: staff.map((s) => ({ value: s.id, label: s.name })),
    subjects: SUBJECTS.map((s) => ({ value: s, label: s })),
    page: page.page,
    hasNext: rows.length > page.limit,
    search: url.search,
    entries: rows.slice(0, page.limit).map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      who: r.staffName ?? "System",
      sessionId: r.sessionId,
      action: r.action,
      subject: r.subjectType ? `${r.subjectType} ${r.subjectId ?? ""}`.trim() : "",
      summary: r.summary,
    })),
  };
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { filter } = loaderData;
  return (
    <>
      <StaffHeading title="Audit log">Every change, and every look at someone's details, newest first.</StaffHeading>
      <FilterForm clearTo="?">
        <FilterSelect label="Who" name="staff" value={filter.staff} options={loaderData.staff} />
        <FilterSelect label="About" name="subject" value={filter.subject} options={loaderData.subjects} />
        <FilterDate label="From" name="from" value={filter.from} />
        <FilterDate label="To" name="to" value={filter.to} />
      </FilterForm>
      {loaderData.entries.length === 0 ? (
        <p className="text-muted">Nothing recorded that matches.</p>
      ) : (
        // Focusable, so a keyboard can scroll it sideways on a phone.
        <div className="overflow-x-auto" role="region" aria-label="Audit entries, scrolls sideways" tabIndex={0}>
          <table className="w-full text-sm">
            <caption className="sr-only">Audit entries</caption>
            <thead>
              <tr className="text-left">
                <th scope="col" className="py-2 pr-3">
                  When
                </th>
                <th scope="col" className="py-2 pr-3">
                  Who
                </th>
                <th scope="col" className="py-2 pr-3">
                  What
                </th>
                <th scope="col" className="py-2 pr-3">
                  About
                </th>
                <th scope="col" className="py-2 pr-3">
                  Details
                </th>
                <th scope="col" className="py-2">
                  Session
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.entries.map((e) => (
                <tr key={e.id} className="border-t border-line align-top">
                  <td className="py-2 pr-3 whitespace-nowrap">
                    <When at={e.at} />
                  </td>
                  <td className="py-2 pr-3">{e.who}</td>
                  <td className="py-2 pr-3">{e.action}</td>
                  <td className="py-2 pr-3">{e.subject}</td>
                  <td className="py-2 pr-3 break-words">{e.summary}</td>
                  <td className="py-2">{e.sessionId ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={loaderData.page} hasNext={loaderData.hasNext} search={loaderData.search} />
    </>
  );
}
