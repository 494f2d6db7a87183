import { FilterDate, FilterSelect } from "~/components/staff/filters";
import { ListPage } from "~/components/staff/list-page";
import { staffMeta, When } from "~/components/staff/ui";
import { requestContext } from "~/server/request-context.server";
import { listStaff } from "~/server/staff/accounts.server";
import { AUDIT_SUBJECTS, auditFilterOf, listAudit } from "~/server/staff/audit.server";
import { loadListPage } from "~/server/staff/list-page.server";
import type { Route } from "./+types/audit";

export const meta = () => staffMeta("Audit log");

export async function loader(args: Route.LoaderArgs) {
  // Reading the log is not itself logged: it holds no one's details beyond the staff's own.
  const [{ filter, rows, list }, staff] = await Promise.all([
    loadListPage(args, "audit", { filterOf: auditFilterOf, rows: listAudit }),
    listStaff(args.context.get(requestContext).db),
  ]);
  return {
    filter,
    list,
    staff: staff.map((s) => ({ value: s.id, label: s.name })),
    subjects: AUDIT_SUBJECTS.map((s) => ({ value: s, label: s })),
    entries: rows.map((r) => ({
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

const COLUMNS = ["When", "Who", "What", "About", "Details", "Session"];

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { filter } = loaderData;
  return (
    <ListPage
      kind="audit"
      list={loaderData.list}
      count={loaderData.entries.length}
      filters={
        <>
          <FilterSelect label="Who" name="staff" value={filter.staffId} options={loaderData.staff} />
          <FilterSelect label="About" name="subject" value={filter.subjectType} options={loaderData.subjects} />
          <FilterDate label="From" name="from" value={filter.from} />
          <FilterDate label="To" name="to" value={filter.to} />
        </>
      }
    >
      {/* Focusable, so a keyboard can scroll it sideways on a phone. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus for keyboard users */}
      <section className="overflow-x-auto" aria-label="Audit entries, scrolls sideways" tabIndex={0}>
        <table className="w-full text-sm">
          <caption className="sr-only">Audit entries</caption>
          <thead>
            <tr className="text-left">
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className="py-2 pr-3">
                  {c}
                </th>
              ))}
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
                <td className="py-2 pr-3">{e.sessionId ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </ListPage>
  );
}
