import { useState } from "react";
import { data, Form, Link } from "react-router";
import { serviceTypeCopy } from "~/components/calculator/labels";
import { useStaffUser } from "~/components/staff/export-link";
import { FilterDate, FilterSelect } from "~/components/staff/filters";
import { InlineStatus, ListCard, ListCards, ListPage, ListTable, SortHeader } from "~/components/staff/list-page";
import { ActionNotice, StatusBadge } from "~/components/staff/record";
import { staffMeta, When } from "~/components/staff/ui";
import { CALCULATOR_TYPES, isCalculatorType } from "~/domain/calculator-state";
import { REFERRAL_OPTIONS, referralLabel } from "~/domain/form-texts";
import { formatGBP } from "~/domain/format";
import { can } from "~/domain/staff/access";
import { BULK_MAX, LEAD_SORTS } from "~/domain/staff/lists";
import { clientName, statusOptions } from "~/domain/staff/records";
import { staffPath } from "~/domain/staff/routes";
import { requestContext } from "~/server/request-context.server";
import { requireStaffAction } from "~/server/staff/auth.server";
import { idsParam, leadFilterChoices, leadFilterOf, listLeads } from "~/server/staff/leads.server";
import { loadListPage } from "~/server/staff/list-page.server";
import { setStatuses } from "~/server/staff/records.server";
import type { Route } from "./+types/leads";

export const meta = () => staffMeta("Quotes");

export async function loader(args: Route.LoaderArgs) {
  const { staff, filter, rows, list } = await loadListPage(args, "leads", {
    filterOf: leadFilterOf,
    rows: listLeads,
    audited: "quote.list",
  });
  const choices = await leadFilterChoices(args.context.get(requestContext).db, staff.scope);
  return {
    filter,
    // Sent with the page rather than imported by it: their modules bring Zod, which the browser need not load.
    choices: {
      ...choices,
      types: CALCULATOR_TYPES.map((t) => ({ value: t, label: serviceTypeCopy(t).name })),
      referrals: REFERRAL_OPTIONS.map((r) => ({ value: r, label: referralLabel(r) })),
    },
    list,
    leads: rows.map((r) => ({
      ...r,
      type: isCalculatorType(r.type) ? serviceTypeCopy(r.type).name : r.type,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** The bulk action: the ticked quotes marked Contacted, each with its history line and audit row. */
export async function action(args: Route.ActionArgs) {
  const { staff, input } = await requireStaffAction(args, "leads");
  const ids = idsParam(new URLSearchParams({ ids: input.ids ?? "" }));
  if (!ids) return data({ error: "Tick the quotes to mark first." }, { status: 400 });
  const changed = await setStatuses(args.context.get(requestContext).db, staff, "quote", ids, "contacted");
  if (changed === "invalid") return data({ error: "Tick the quotes to mark first." }, { status: 400 });
  return {
    done:
      changed === 0
        ? // Another salon's quote, or one erased, is left alone as silently as one already Contacted: both are said.
          "Nothing was changed: the quotes ticked were already Contacted, or are not in your list."
        : `${changed} ${changed === 1 ? "quote" : "quotes"} marked Contacted.`,
  };
}

const BULK_FORM = "bulk-quotes";

export default function Leads({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, choices, leads, list } = loaderData;
  const staff = useStaffUser();
  const canUpdate = staff !== null && can(staff.role, "leads.update");
  const canExport = staff !== null && can(staff.role, "export");
  const [ticked, setTicked] = useState<number[]>([]);
  const shown = ticked.filter((id) => leads.some((q) => q.id === id));
  const toggle = (id: number, on: boolean) =>
    setTicked((now) => (on ? [...now.filter((x) => x !== id), id] : now.filter((x) => x !== id)));
  const toOptions = (rows: { id: number; name: string }[]) => rows.map((r) => ({ value: r.id, label: r.name }));
  const sort = filter.sort ?? "newest";
  return (
    <ListPage
      kind="leads"
      list={list}
      count={leads.length}
      notice={<ActionNotice message={actionData} />}
      filters={
        <>
          <FilterSelect label="Salon" name="salon" value={filter.salon} options={toOptions(choices.salons)} />
          <FilterSelect label="Stylist" name="stylist" value={filter.stylist} options={toOptions(choices.stylists)} />
          <FilterSelect label="Level" name="level" value={filter.level} options={toOptions(choices.levels)} />
          <FilterSelect label="Service type" name="type" value={filter.type} options={choices.types} />
          <FilterSelect
            label="Client"
            name="client"
            value={filter.client}
            options={[
              { value: "new", label: "New client" },
              { value: "returning", label: "Returning client" },
            ]}
          />
          <FilterSelect label="Heard about us" name="referral" value={filter.referral} options={choices.referrals} />
          <FilterSelect label="Status" name="status" value={filter.status} options={statusOptions("quote")} />
          <FilterDate label="From" name="from" value={filter.from} />
          <FilterDate label="To" name="to" value={filter.to} />
          <FilterSelect
            label="Order"
            name="sort"
            value={filter.sort}
            options={LEAD_SORTS.filter((s) => s.value !== "newest")}
            any="Newest first"
          />
        </>
      }
    >
      {canUpdate ? (
        <Form
          id={BULK_FORM}
          method="post"
          preventScrollReset
          className="mb-3 hidden flex-wrap items-center gap-3 lg:flex"
          aria-label="The ticked quotes"
        >
          <p role="status" className="text-sm">
            {shown.length === 0 ? "Tick quotes to work on several at once." : `${shown.length} ticked.`}
          </p>
          <button type="submit" name="intent" value="mark-contacted" className="btn-outline">
            Mark the ticked Contacted
          </button>
          {canExport && shown.length > 0 ? (
            <a
              href={`${staffPath("export/leads")}?${new URLSearchParams({ ids: shown.join(",") })}`}
              download
              className="btn-outline"
            >
              Download the ticked as CSV
            </a>
          ) : null}
        </Form>
      ) : null}
      <ListTable label="Quotes">
        <thead>
          <tr className="border-b border-ink text-left">
            {canUpdate ? (
              <th scope="col" className="w-10 py-2 pr-2">
                <input
                  type="checkbox"
                  aria-label="Tick every quote on this page"
                  className="size-5"
                  checked={shown.length === leads.length && leads.length > 0}
                  onChange={(event) => setTicked(event.target.checked ? leads.map((q) => q.id).slice(0, BULK_MAX) : [])}
                />
              </th>
            ) : null}
            <th scope="col" className="py-2 pr-3">
              Client
            </th>
            <SortHeader
              label="Saved"
              search={list.search}
              current={sort}
              first={{ value: "newest", direction: "descending" }}
              then={{ value: "oldest", direction: "ascending" }}
            />
            <th scope="col" className="py-2 pr-3">
              Salon
            </th>
            <th scope="col" className="py-2 pr-3">
              With
            </th>
            <SortHeader
              label="Total"
              search={list.search}
              current={sort}
              first={{ value: "total-high", direction: "descending" }}
              then={{ value: "total-low", direction: "ascending" }}
            />
            <th scope="col" className="py-2 pr-3">
              Opened
            </th>
            <th scope="col" className="py-2">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {leads.map((q) => {
            const name = clientName(q.name);
            return (
              <tr key={q.id} className="border-b border-line align-middle">
                {canUpdate ? (
                  <td className="py-2 pr-2">
                    <input
                      type="checkbox"
                      form={BULK_FORM}
                      name="ids"
                      value={q.id}
                      aria-label={`Tick ${name}`}
                      className="size-5"
                      checked={shown.includes(q.id)}
                      onChange={(event) => toggle(q.id, event.target.checked)}
                    />
                  </td>
                ) : null}
                <th scope="row" className="py-2 pr-3 text-left">
                  <Link to={String(q.id)} className="font-semibold underline underline-offset-2">
                    {name}
                  </Link>
                  <span className="block text-sm font-normal text-muted">
                    {q.type} · {q.regular ? "returning" : "new client"} · {q.referral}
                  </span>
                </th>
                <td className="py-2 pr-3 text-sm whitespace-nowrap">
                  <When at={q.createdAt} />
                </td>
                <td className="py-2 pr-3 text-sm">{q.salon}</td>
                <td className="py-2 pr-3 text-sm">{q.stylistName ?? q.level}</td>
                <td className="py-2 pr-3 text-right font-semibold">{formatGBP(q.totalPence)}</td>
                <td className="py-2 pr-3 text-sm">{q.viewCount === 0 ? "Not yet" : `${q.viewCount}×`}</td>
                <td className="py-2">
                  {canUpdate ? (
                    <InlineStatus kind="quote" action={staffPath(`leads/${q.id}`)} status={q.status} who={name} />
                  ) : (
                    <StatusBadge status={q.status} />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </ListTable>
      <ListCards label="Quotes" tableAbove>
        {leads.map((q) => (
          <ListCard
            key={q.id}
            title={clientName(q.name)}
            href={String(q.id)}
            aside={
              <div className="text-right">
                <p className="font-semibold">{formatGBP(q.totalPence)}</p>
                <StatusBadge status={q.status} />
              </div>
            }
          >
            <p className="text-sm text-muted">
              <When at={q.createdAt} /> · {q.salon} · {q.stylistName ?? q.level} · {q.type} ·{" "}
              {q.regular ? "returning" : "new client"} · {q.referral}
            </p>
            <p className="text-sm text-muted">{q.viewCount === 0 ? "Not opened yet" : `Opened ${q.viewCount}×`}</p>
          </ListCard>
        ))}
      </ListCards>
    </ListPage>
  );
}
