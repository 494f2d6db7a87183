import { Link } from "react-router";
import { serviceTypeCopy } from "~/components/calculator/labels";
import { ExportLink } from "~/components/staff/export-link";
import { FilterDate, FilterForm, FilterSelect } from "~/components/staff/filters";
import { StatusBadge } from "~/components/staff/record";
import { Pager, pageOf, StaffHeading, staffMeta, When } from "~/components/staff/ui";
import { CALCULATOR_TYPES } from "~/domain/calculator-state";
import { formatGBP } from "~/domain/format";
import { REFERRAL_OPTIONS } from "~/domain/forms";
import { statusOptions } from "~/domain/staff/records";
import { audit } from "~/server/staff/audit.server";
import { requireStaff } from "~/server/staff/auth.server";
import { leadFilterChoices, leadFilterOf, listLeads } from "~/server/staff/leads.server";
import type { Route } from "./+types/leads";

export const meta = () => staffMeta("Quotes");

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "leads");
  const url = new URL(args.request.url);
  const filter = leadFilterOf(url.searchParams);
  const page = pageOf(url);
  const [rows, choices] = await Promise.all([
    listLeads(args.context.db, filter, { limit: page.limit + 1, offset: page.offset }),
    leadFilterChoices(args.context.db),
  ]);
  const shown = rows.slice(0, page.limit);
  await audit(args.context.db, staff, {
    action: "quote.list",
    summary: `page ${page.page}, ${shown.length} shown${url.search ? `, ${url.search}` : ""}`,
  });
  return {
    filter,
    choices,
    page: page.page,
    hasNext: rows.length > page.limit,
    search: url.search,
    leads: shown.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

export default function Leads({ loaderData }: Route.ComponentProps) {
  const { filter, choices, leads } = loaderData;
  return (
    <>
      <StaffHeading title="Quotes">Every quote saved on the website, newest first.</StaffHeading>
      <ExportLink list="leads" />
      <FilterForm clearTo="?">
        <FilterSelect
          label="Salon"
          name="salon"
          value={filter.salon}
          options={choices.salons.map((s) => ({ value: s.id, label: s.name }))}
        />
        <FilterSelect
          label="Stylist"
          name="stylist"
          value={filter.stylist}
          options={choices.stylists.map((s) => ({ value: s.id, label: s.name }))}
        />
        <FilterSelect
          label="Level"
          name="level"
          value={filter.level}
          options={choices.levels.map((l) => ({ value: l.id, label: l.name }))}
        />
        <FilterSelect
          label="Service type"
          name="type"
          value={filter.type}
          options={CALCULATOR_TYPES.map((t) => ({ value: t, label: serviceTypeCopy(t).name }))}
        />
        <FilterSelect
          label="Client"
          name="client"
          value={filter.client}
          options={[
            { value: "new", label: "New client" },
            { value: "returning", label: "Returning client" },
          ]}
        />
        <FilterSelect
          label="Heard about us"
          name="referral"
          value={filter.referral}
          options={REFERRAL_OPTIONS.map((r) => ({ value: r, label: r }))}
        />
        <FilterSelect label="Status" name="status" value={filter.status} options={statusOptions("quote")} />
        <FilterDate label="From" name="from" value={filter.from} />
        <FilterDate label="To" name="to" value={filter.to} />
      </FilterForm>
      {leads.length === 0 ? (
        <p className="text-muted">No quotes match.</p>
      ) : (
        <ul className="space-y-3" aria-label="Quotes">
          {leads.map((q) => (
            <li key={q.id} className="card flex flex-wrap items-start justify-between gap-3 p-4">
              <div>
                <Link to={String(q.id)} className="text-lg font-semibold underline underline-offset-2">
                  {q.name}
                </Link>
                <p className="text-sm text-muted">
                  <When at={q.createdAt} /> · {q.salon} · {q.stylistName ?? q.level} · {q.type} ·{" "}
                  {q.regular ? "returning" : "new client"} · {q.referral}
                </p>
                <p className="text-sm text-muted">{q.viewCount === 0 ? "Not opened yet" : `Opened ${q.viewCount}×`}</p>
              </div>
              <div className="text-right">
                <p className="font-semibold">{formatGBP(q.totalPence)}</p>
                <StatusBadge status={q.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={loaderData.page} hasNext={loaderData.hasNext} search={loaderData.search} />
    </>
  );
}
