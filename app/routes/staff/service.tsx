import { data, Form, redirect, useSearchParams } from "react-router";
import { EditForm, EditNotice, EditText, ViewOnSite } from "~/components/staff/edit";
import { QuotePreviewTables, ServiceFields } from "~/components/staff/price-fields";
import { Notice, StaffHeading, StaffSection, staffMeta } from "~/components/staff/ui";
import { formatGBP } from "~/domain/format";
import { previewQuotes } from "~/domain/price-preview";
import { poundsText, scheduleProblem, serviceSchema } from "~/domain/staff/price-list";
import { staffPath } from "~/domain/staff/routes";
import { categoryKey } from "~/domain/staff/service-categories";
import { requestContext } from "~/server/request-context.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { parseEdit, refuse } from "~/server/staff/content.server";
import {
  cancelScheduledPrice,
  pricingCatalogue,
  saveService,
  serviceForStaff,
  setServiceRetired,
} from "~/server/staff/price-list.server";
import { recordId } from "~/server/staff/records.server";
import type { Route } from "./+types/service";

export const meta = ({ data }: Route.MetaArgs) =>
  staffMeta(data ? `Price of ${data.name}` : "A service on the price list");

const FIELDS = ["clientName", "service", "price", "productPrice", "category", "groupName", "minLevel", "sortOrder"];
const NOT_FOUND = "That service is not on the price list.";

/**
 * The page, and with ?preview (the form's Preview button, a GET) what the
 * typed prices would do to typical quotes at every level: nothing is saved.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "service");
  const id = recordId(args.params.id);
  const found = id ? await serviceForStaff(args.context.get(requestContext).db, id) : null;
  if (!id || !found) throw data({ error: NOT_FOUND }, { status: 404 });
  const { service, upcoming, levels, services, today, rounding } = found;
  const stored: Record<string, string> = {
    clientName: service.clientName ?? "",
    service: service.service,
    price: poundsText(service.pricePence),
    productPrice: poundsText(service.productPricePence),
    category: categoryKey(service.cat1, service.cat2),
    groupName: service.groupName,
    minLevel: String(service.minLevel),
    sortOrder: String(service.sortOrder),
    from: "",
  };
  const url = new URL(args.request.url);
  let preview = null;
  let previewError: string | null = null;
  let typed: Record<string, string> | null = null;
  let version = service.version;
  if (url.searchParams.has("preview")) {
    typed = Object.fromEntries([...FIELDS, "from"].map((name) => [name, url.searchParams.get(name) ?? ""]));
    version = Number(url.searchParams.get("version")) || service.version;
    const parsed = serviceSchema.safeParse(typed);
    if (!parsed.success) previewError = parsed.error.issues.map((issue) => issue.message).join(" ");
    else {
      const before = pricingCatalogue(services, levels, rounding);
      const changed = { ...service, pricePence: parsed.data.price, productPricePence: parsed.data.productPrice };
      const after = pricingCatalogue(
        services.map((s) => (s.id === id ? { ...changed, minLevel: parsed.data.minLevel } : s)),
        levels,
        rounding,
      );
      preview = { from: parsed.data.from, quotes: previewQuotes({ before, after, serviceId: id }) };
    }
  }
  return {
    id,
    name: service.clientName?.trim() || service.service,
    retired: service.retiredAt !== null,
    version,
    current: typed ?? stored,
    levels: levels.map(({ id, name }) => ({ id, name })),
    upcoming,
    today,
    preview,
    previewError,
    added: url.searchParams.has("added"),
    saved: savedMessage(url.searchParams.get("saved")),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await requireStaffAction(args, "service");
  const id = recordId(args.params.id);
  if (!id) return refuse(404, { error: NOT_FOUND });
  const db = args.context.get(requestContext).db;
  if (intent === "retire" || intent === "restore") {
    const refusal = await setServiceRetired(db, staff, id, input, intent === "retire");
    if (refusal) return refusal;
    return {
      done:
        intent === "retire"
          ? "The service is off the price list. Quotes already given still show it."
          : "The service is back on the price list.",
    };
  }
  if (intent === "cancel-price") {
    const scheduledId = recordId(input.scheduled);
    if (!scheduledId || !(await cancelScheduledPrice(db, staff, id, scheduledId)))
      return refuse(404, { error: "That price change is not waiting any more: it has applied or was cancelled." });
    return { done: "The price change is cancelled." };
  }
  const parsed = parseEdit(serviceSchema, input);
  if (!parsed.ok) return parsed.refusal;
  const found = await serviceForStaff(db, id);
  if (!found) return refuse(404, { error: NOT_FOUND });
  const { from } = parsed.value;
  const problem = from === null ? null : scheduleProblem(from, found.today);
  if (problem) return refuse(400, { error: problem, fieldErrors: { from: problem }, values: input });
  const refusal = await saveService(db, staff, id, input, parsed.value);
  if (refusal) return refusal;
  // A fresh address: the page then carries the new version, not the one a preview's address named.
  return redirect(staffPath(`content/prices/${id}?saved=${from ?? "now"}`));
}

/** What the page says after a save, from its ?saved= ("now" or the day the prices apply from). */
function savedMessage(saved: string | null): string | null {
  if (saved === "now") return "Saved. The calculator and the price pages use the new prices now.";
  if (saved && /^\d{4}-\d{2}-\d{2}$/.test(saved))
    return `Saved. The new prices apply from ${saved}; until then the calculator uses today's.`;
  return null;
}

export default function ServicePage({ loaderData, actionData }: Route.ComponentProps) {
  const { id, name, retired, version, current, levels, upcoming, preview, previewError, added, saved } = loaderData;
  const [search] = useSearchParams();
  return (
    <>
      <StaffHeading title={name}>
        {retired ? "Retired: not on the price list. " : ""}
        <ViewOnSite href="/prices">Open the calculator</ViewOnSite>
      </StaffHeading>
      {added ? <Notice tone="success">The service is on the price list.</Notice> : null}
      {saved && !actionData ? <Notice tone="success">{saved}</Notice> : null}
      <EditNotice />
      {previewError ? <Notice tone="error">The preview needs another look: {previewError}</Notice> : null}
      {preview ? (
        <QuotePreviewTables
          previews={preview.quotes}
          heading={preview.from ? `Typical quotes from ${preview.from}` : "Typical quotes with this change"}
        />
      ) : null}
      <EditForm
        key={search.has("preview") ? "preview" : "stored"}
        intent="service"
        version={version}
        current={current}
        hidden={{ id: String(id) }}
        submitLabel="Save"
      >
        <ServiceFields levels={levels} />
        <EditText
          name="from"
          type="date"
          label="New prices apply from (optional)"
          hint="Leave empty for the new prices to apply when you save. A day applies them from that morning; the names and the rest change now."
        />
        <button type="submit" name="preview" value="1" formMethod="get" className="btn-outline mb-4 mr-3">
          Preview typical quotes
        </button>
      </EditForm>
      {upcoming.length > 0 ? (
        <StaffSection id="upcoming-heading" title="Prices to come" className="card my-6 p-5">
          <ul className="mt-2 space-y-2">
            {upcoming.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center gap-3">
                <span>
                  {formatGBP(row.pricePence)}
                  {row.productPricePence > 0 ? ` + ${formatGBP(row.productPricePence)} product` : ""} from{" "}
                  {row.effectiveOn}
                </span>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="cancel-price" />
                  <input type="hidden" name="scheduled" value={row.id} />
                  <button type="submit" className="btn-outline">
                    Cancel the change from {row.effectiveOn}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </StaffSection>
      ) : null}
      <StaffSection
        id="retire-heading"
        title={retired ? "Put it back on the price list" : "Retire this service"}
        className="card my-6 p-5"
      >
        <p className="my-2 text-muted">
          {retired
            ? "Clients can choose it again in the calculator."
            : "Clients can no longer choose it. Quotes already given keep it, and you can put it back later."}
        </p>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={retired ? "restore" : "retire"} />
          <input type="hidden" name="version" value={version} />
          <button type="submit" className="btn-outline">
            {retired ? "Put it back" : "Retire the service"}
          </button>
        </Form>
      </StaffSection>
    </>
  );
}
