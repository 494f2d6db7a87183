import { Link } from "react-router";
import { FilterDate, FilterSelect } from "~/components/staff/filters";
import { ListPage } from "~/components/staff/list-page";
import { staffMeta, TextField, When } from "~/components/staff/ui";
import {
  AUDIT_SUBJECT_LABELS,
  AUDIT_SUBJECTS,
  type AuditRowForWords,
  auditSentence,
  auditSubjectPage,
  type SentencePart,
} from "~/domain/staff/audit-log";
import { type Access, STAFF_ROUTES, type StaffRouteKey } from "~/domain/staff/routes";
import { requestContext } from "~/server/request-context.server";
import { listStaff } from "~/server/staff/accounts.server";
import { auditFilterOf, isNamedSubject, listAudit, subjectsNow } from "~/server/staff/audit.server";
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
  const now = await subjectsNow(db, rows);
  // A link only where the page exists and the reader's role may open it.
  const mayOpen = (key: StaffRouteKey) => {
    const page: Access | null = STAFF_ROUTES[key].page;
    return page === "public" || (page !== null && viewer.can(page));
  };
  const teamHref = (id: number) => (mayOpen("team") ? auditSubjectPage("staff", String(id))?.href : undefined);
  return {
    filter,
    list,
    staff: staff.map((s) => ({ value: s.id, label: s.name })),
    subjects: AUDIT_SUBJECTS.map((s) => ({ value: s, label: AUDIT_SUBJECT_LABELS[s] })),
    entries: rows.map((r) => {
      let subject: AuditRowForWords["subject"] = null;
      if (r.subjectType && r.subjectId) {
        const found = now.get(`${r.subjectType}:${r.subjectId}`);
        const state = !isNamedSubject(r.subjectType) ? "live" : !found ? "deleted" : found.erased ? "erased" : "live";
        const page = state === "live" ? auditSubjectPage(r.subjectType, r.subjectId) : undefined;
        subject = {
          type: r.subjectType,
          id: r.subjectId,
          name: state === "live" ? found?.name || undefined : undefined,
          href: page && mayOpen(page.key) ? page.href : undefined,
          state,
        };
      }
      const actor = r.staffId === null ? null : { name: r.staffName ?? "Someone", href: teamHref(r.staffId) };
      return {
        id: r.id,
        at: r.at.toISOString(),
        sentence: auditSentence({ action: r.action, actor, subject, summary: r.summary }),
        summary: r.summary,
      };
    }),
  };
}

const COLUMNS = ["When", "What happened", "Details"];

function Sentence({ parts }: { parts: readonly SentencePart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        typeof part === "string" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move
          <span key={i}>{part}</span>
        ) : part.href ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move
          <Link key={i} to={part.href} className="underline underline-offset-2">
            {part.text}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

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
                  <Sentence parts={e.sentence} />
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
