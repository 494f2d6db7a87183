import { Form, Link, redirect, useActionData } from "react-router";
import { EditForm, EditNotice, ViewOnSite } from "~/components/staff/edit";
import { BulkPriceTable, QuotePreviewTables, ServiceFields } from "~/components/staff/price-fields";
import { Notice, SelectField, StaffHeading, StaffSection, staffMeta, TextField } from "~/components/staff/ui";
import { formatGBP } from "~/domain/format";
import { previewQuotes } from "~/domain/price-preview";
import { BULK_ROUNDINGS } from "~/domain/price-rounding";
import { bulkChangeText, bulkPriceSchema, levelChangeText } from "~/domain/staff/bulk-prices";
import { scheduleProblem, serviceSchema } from "~/domain/staff/price-list";
import { staffPath } from "~/domain/staff/routes";
import { BULK_SCOPES, categoryLabel } from "~/domain/staff/service-categories";
import { requestContext } from "~/server/request-context.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { parseEdit, refuse } from "~/server/staff/content.server";
import {
  addService,
  bulkPricePlan,
  priceListForStaff,
  removeLevelChange,
  saveBulkPrices,
} from "~/server/staff/price-list.server";
import { recordId } from "~/server/staff/records.server";
import type { Route } from "./+types/prices";

export const meta = () => staffMeta("Price list");

const BULK_FIELDS = ["scope", "level", "by", "change", "round", "from"] as const;

const NO_LEVEL = "That level no longer exists: please choose another.";

/**
 * The page, and with ?bulk=preview (the bulk form's Preview button, a GET)
 * the services the change covers, before and after, and what it does to the
 * typical quotes: nothing is saved until the Save button under the preview.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "prices");
  const db = args.context.get(requestContext).db;
  const list = await priceListForStaff(db);
  const names = new Map(list.services.map((s) => [s.id, s.clientName?.trim() || s.service]));
  const url = new URL(args.request.url);
  const bulkTyped = Object.fromEntries(BULK_FIELDS.map((name) => [name, url.searchParams.get(name) ?? ""]));
  let bulk = null;
  let bulkError: string | null = null;
  if (url.searchParams.get("bulk") === "preview") {
    const parsed = bulkPriceSchema.safeParse(bulkTyped);
    const problem = parsed.success && parsed.data.from ? scheduleProblem(parsed.data.from, list.today) : null;
    if (!parsed.success) bulkError = parsed.error.issues.map((issue) => issue.message).join(" ");
    else if (problem) bulkError = problem;
    else {
      const plan = await bulkPricePlan(db, parsed.data);
      if (!plan) bulkError = NO_LEVEL;
      else
        bulk = {
          summary: bulkChangeText(parsed.data, plan.rows.length, plan.level?.name),
          from: parsed.data.from,
          level: plan.level?.name ?? null,
          rows: plan.rows,
          quotes: previewQuotes({
            before: plan.before,
            after: plan.after,
            ...(plan.level ? { levelIds: [plan.level.id] } : {}),
          }),
        };
    }
  }
  const levelName = new Map(list.levels.map((level) => [level.id, level.name]));
  return {
    bulk,
    bulkError,
    bulkTyped,
    bulkSaved: url.searchParams.get("bulk-saved"),
    levels: list.levels.map(({ id, name }) => ({ id, name })),
    upcoming: list.upcoming.map((row) => ({ ...row, name: names.get(row.serviceId) ?? `Service ${row.serviceId}` })),
    levelChanges: list.levelChanges.map((row) => ({
      id: row.id,
      text: `${levelName.get(row.levelId) ?? `Level ${row.levelId}`}: ${levelChangeText(row)}`,
      effectiveOn: row.effectiveOn,
      toCome: row.effectiveOn > list.today,
    })),
    services: list.services.map((s) => ({
      id: s.id,
      name: s.clientName?.trim() || s.service,
      till: s.service,
      category: categoryLabel(s.cat1, s.cat2),
      pricePence: s.pricePence,
      productPricePence: s.productPricePence,
      retired: s.retiredAt !== null,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await requireStaffAction(args, "prices");
  const db = args.context.get(requestContext).db;
  if (intent === "bulk") {
    const change = parseEdit(bulkPriceSchema, input);
    if (!change.ok) return change.refusal;
    const today = (await priceListForStaff(db)).today;
    const problem = change.value.from ? scheduleProblem(change.value.from, today) : null;
    if (problem) return refuse(400, { error: problem, fieldErrors: { from: problem }, values: input });
    const saved = await saveBulkPrices(db, staff, change.value);
    if (!saved) return refuse(400, { error: NO_LEVEL, fieldErrors: { level: NO_LEVEL }, values: input });
    if (saved.rows.length === 0)
      return refuse(400, { error: "No price would change: choose other services or a bigger change.", values: input });
    const text = bulkChangeText(change.value, saved.rows.length, saved.level?.name);
    return redirect(staffPath(`content/prices?bulk-saved=${encodeURIComponent(text)}`));
  }
  if (intent === "remove-level-change") {
    const id = recordId(input.change);
    if (!id || !(await removeLevelChange(db, staff, id)))
      return refuse(404, { error: "That level's price change has already been taken back." });
    return { done: "The level's price change is taken back. Quotes already given keep their prices." };
  }
  const parsed = parseEdit(serviceSchema, input);
  if (!parsed.ok) return parsed.refusal;
  const added = await addService(db, staff, parsed.value);
  if (typeof added !== "number") return added;
  return redirect(staffPath(`content/prices/${added}?added=1`));
}

type ServiceItem = Route.ComponentProps["loaderData"]["services"][number];

function byCategory(services: readonly ServiceItem[]) {
  const groups = new Map<string, ServiceItem[]>();
  for (const s of services) groups.set(s.category, [...(groups.get(s.category) ?? []), s]);
  return [...groups];
}

/** Change many prices at once: the form, and under it the preview with the one Save button. */
function BulkChange({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { bulk, bulkError, bulkTyped } = loaderData;
  const answer = useActionData() as { fieldErrors?: Record<string, string> } | undefined;
  const errors = answer?.fieldErrors ?? {};
  return (
    <StaffSection id="bulk-heading" title="Change many prices at once" className="card mb-6 p-5">
      <p className="my-2 text-muted">
        By a percentage or an amount, for every service, a kind or one category; at every level, or at one level only;
        now, or from a day. The product charge stays as it is, and treatments cost the same at every level. Preview
        first: nothing changes until you save.
      </p>
      {bulkError ? <Notice tone="error">The preview needs another look: {bulkError}</Notice> : null}
      <Form method="get" preventScrollReset className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
        <input type="hidden" name="bulk" value="preview" />
        <SelectField
          label="Which services"
          name="scope"
          defaultValue={bulkTyped.scope || "all"}
          options={BULK_SCOPES}
          error={errors.scope}
        />
        <SelectField
          label="At which level"
          name="level"
          defaultValue={bulkTyped.level}
          options={[
            { value: "", label: "Every level (the list prices)" },
            ...loaderData.levels.map((level) => ({ value: String(level.id), label: level.name })),
          ]}
          error={errors.level}
        />
        <SelectField
          label="Change by"
          name="by"
          defaultValue={bulkTyped.by || "percent"}
          options={[
            { value: "percent", label: "A percentage" },
            { value: "amount", label: "An amount in pounds" },
          ]}
          error={errors.by}
        />
        <TextField
          label="How much"
          name="change"
          inputMode="decimal"
          required
          hint="3 for 3% (or £3) more, -2 for less."
          defaultValue={bulkTyped.change}
          error={errors.change}
        />
        <SelectField
          label="Round the new list prices"
          name="round"
          defaultValue={bulkTyped.round || "exact"}
          options={BULK_ROUNDINGS.map(({ value, label }) => ({ value, label }))}
          hint="List prices only: a level's prices are rounded in each quote."
          error={errors.round}
        />
        <TextField
          label="From (optional)"
          name="from"
          type="date"
          hint="Empty: when you save."
          defaultValue={bulkTyped.from}
          error={errors.from}
        />
        <div className="sm:col-span-2 lg:col-span-4">
          <button type="submit" className="btn-outline">
            Preview the change
          </button>
        </div>
      </Form>
      {bulk ? (
        <div className="mt-6">
          <h3 className="text-xl">{bulk.summary}</h3>
          {bulk.rows.length === 0 ? (
            <p className="my-2">No price would change: choose other services or a bigger change.</p>
          ) : (
            <>
              <BulkPriceTable rows={bulk.rows} from={bulk.from} level={bulk.level} />
              <QuotePreviewTables
                previews={bulk.quotes}
                heading={bulk.from ? `Typical quotes from ${bulk.from}` : "Typical quotes with this change"}
              />
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="bulk" />
                {BULK_FIELDS.map((name) => (
                  <input key={name} type="hidden" name={name} value={bulkTyped[name]} />
                ))}
                <button type="submit" className="btn-primary">
                  Save {bulk.rows.length} {bulk.rows.length === 1 ? "price" : "prices"}
                </button>
              </Form>
            </>
          )}
        </div>
      ) : null}
    </StaffSection>
  );
}

export default function Prices({ loaderData }: Route.ComponentProps) {
  const { services, upcoming, levelChanges, levels, bulkSaved } = loaderData;
  return (
    <>
      <StaffHeading title="Price list">
        Prices at the Stylist level; each level adds its own uplift (
        <Link to={staffPath("content/levels")} className="underline">
          stylist levels
        </Link>
        ). Quotes already given keep their prices. <ViewOnSite href="/prices">Open the calculator</ViewOnSite>
      </StaffHeading>
      <EditNotice />
      {bulkSaved ? <Notice tone="success">Saved: {bulkSaved}. Quotes already given keep their prices.</Notice> : null}
      <BulkChange loaderData={loaderData} />
      {levelChanges.length > 0 ? (
        <StaffSection id="level-changes-heading" title="Changes for one level" className="card mb-6 p-5">
          <ul className="mt-2 divide-y divide-line">
            {levelChanges.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2">
                <span>
                  {row.text} {row.toCome ? `from ${row.effectiveOn}` : `since ${row.effectiveOn}`}
                </span>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="remove-level-change" />
                  <input type="hidden" name="change" value={row.id} />
                  <button
                    type="submit"
                    className="btn-outline"
                    aria-label={`${row.toCome ? "Cancel" : "Stop"}: ${row.text}`}
                  >
                    {row.toCome ? "Cancel" : "Stop"}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </StaffSection>
      ) : null}
      {upcoming.length > 0 ? (
        <StaffSection id="upcoming-heading" title="Price changes to come" className="card mb-6 p-5">
          <ul className="mt-2 space-y-1">
            {upcoming.map((row) => (
              <li key={row.id}>
                <Link to={staffPath(`content/prices/${row.serviceId}`)} className="underline">
                  {row.name}
                </Link>
                : {formatGBP(row.pricePence)}
                {row.productPricePence > 0 ? ` + ${formatGBP(row.productPricePence)} product` : ""} from{" "}
                {row.effectiveOn}
              </li>
            ))}
          </ul>
        </StaffSection>
      ) : null}
      {byCategory(services).map(([category, items]) => (
        <section key={category} aria-label={category} className="mb-6">
          <h2 className="mb-2 text-2xl">{category}</h2>
          <ul className="divide-y divide-line rounded-xl border border-line bg-white">
            {items.map((s) => (
              <li key={s.id}>
                <Link
                  to={staffPath(`content/prices/${s.id}`)}
                  className="flex flex-wrap justify-between gap-x-4 px-4 py-3 hover:bg-sand"
                >
                  <span>
                    <span className="font-semibold">{s.name}</span>
                    {s.till !== s.name ? <span className="block text-sm text-muted">Till: {s.till}</span> : null}
                    {s.retired ? <span className="block text-sm font-semibold">Retired</span> : null}
                  </span>
                  <span>
                    {formatGBP(s.pricePence)}
                    {s.productPricePence > 0 ? ` + ${formatGBP(s.productPricePence)} product` : ""}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <StaffSection id="add-heading" title="Add a service" className="card p-5" headingClass="mb-4 text-2xl">
        <EditForm
          intent="add-service"
          version={1}
          submitLabel="Add the service"
          current={{ price: "", productPrice: "0", category: "1-0", minLevel: "1", sortOrder: "0" }}
        >
          <ServiceFields levels={levels} />
        </EditForm>
      </StaffSection>
    </>
  );
}
