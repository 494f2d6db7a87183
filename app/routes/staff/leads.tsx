import { serviceTypeCopy } from "~/components/calculator/labels";
import { FilterDate, FilterSelect } from "~/components/staff/filters";
import { ListCard, ListCards, ListPage } from "~/components/staff/list-page";
import { StatusBadge } from "~/components/staff/record";
import { staffMeta, When } from "~/components/staff/ui";
import { CALCULATOR_TYPES } from "~/domain/calculator-state";
import { formatGBP } from "~/domain/format";
import { REFERRAL_OPTIONS } from "~/domain/forms";
import { clientName, statusOptions } from "~/domain/staff/records";
import { requestContext } from "~/server/request-context.server";
import { leadFilterChoices, leadFilterOf, listLeads } from "~/server/staff/leads.server";
import { loadListPage } from "~/server/staff/list-page.server";
import type { Route } from "./+types/leads";

export const meta = () => staffMeta("Quotes");

export async function loader(args: Route.LoaderArgs) {
  const [{ filter, rows, list }, choices] = await Promise.all([
    loadListPage(args, "leads", { filterOf: leadFilterOf, rows: listLeads, audited: "quote.list" }),
    leadFilterChoices(args.context.get(requestContext).db),
  ]);
  return {
    filter,
    // Sent with the page rather than imported by it: their modules bring Zod, which the browser need not load.
    choices: {
      ...choices,
      types: CALCULATOR_TYPES.map((t) => ({ value: t, label: serviceTypeCopy(t).name })),
      referrals: REFERRAL_OPTIONS.map((r) => ({ value: r, label: r })),
    },
    list,
    leads: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

export default function Leads({ loaderData }: Route.ComponentProps) {
  const { filter, choices, leads } = loaderData;
  const toOptions = (rows: { id: number; name: string }[]) => rows.map((r) => ({ value: r.id, label: r.name }));
  return (
    <ListPage
      kind="leads"
      list={loaderData.list}
      count={leads.length}
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
        </>
      }
    >
      <ListCards label="Quotes">
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
