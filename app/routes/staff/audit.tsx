import { AuditSentence } from "~/components/staff/audit-sentence";
import { FilterDate, FilterSelect } from "~/components/staff/filters";
import { ListPage } from "~/components/staff/list-page";
import { staffMeta, TextField, When } from "~/components/staff/ui";
import { AUDIT_SUBJECT_LABELS, AUDIT_SUBJECTS } from "~/domain/staff/audit-log";
import { requestContext } from "~/server/request-context.server";
import { listStaff } from "~/server/staff/accounts.server";
import { auditEntries, auditFilterOf, listAudit } from "~/server/staff/audit.server";
import { loadListPage } from "~/server/staff/list-page.server";
import type { Route } from "./+types/audit";

export const meta = () => staffMeta("Audit log");

export async function loader(args: Route.LoaderArgs) {
  // Reading the log is not itself logged: it is the owners' own record of who did what (the role table), and names
  // a client only as the record a row is about, never erased ones.
  const { db } = args.context.get(requestContext);
  const [{ staff: viewer, filter, rows, list }, staff] = await Promise.all([
    loadListPage(args, "audit", { filterOf: auditFilterOf, rows: listAudit }),
    listStaff(db),
  ]);
  return {
    filter,
    list,
    staff: staff.map((s) => ({ value: s.id, label: s.name })),
    subjects: AUDIT_SUBJECTS.map((s) => ({ value: s, label: AUDIT_SUBJECT_LABELS[s] })),
    entries: await auditEntries(db, viewer, rows),
  };
}

const COLUMNS = ["When", "What happened", "Details"];

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { filter } = loaderData;
  return (
    <ListPage
      kind="audit"
      list={loaderData.list}
      count={loaderData.entries.length}
      filtersInView
      filters={
        <>
          <FilterSelect label="Who" name="staff" value={filter.staffId} options={loaderData.staff} />
          <FilterSelect label="About" name="subject" value={filter.subjectType} options={loaderData.subjects} />
          <TextField
            label="Record number"
            name="id"
            defaultValue={filter.subjectId}
            inputMode="numeric"
            maxLength={40}
          />
          <FilterDate label="From (day)" name="from" value={filter.from} />
          <FilterDate label="To (day)" name="to" value={filter.to} />
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
                <td className="py-2 pr-3 min-w-48">
                  <AuditSentence parts={e.sentence} />
                </td>
                <td className="py-2 pr-3 break-words">{e.summary}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </ListPage>
  );
}
