import { Link, redirect } from "react-router";
import { EditForm, EditNotice, ViewOnSite } from "~/components/staff/edit";
import { ServiceFields } from "~/components/staff/price-fields";
import { StaffHeading, StaffSection, staffMeta } from "~/components/staff/ui";
import { formatGBP } from "~/domain/format";
import { serviceSchema } from "~/domain/staff/price-list";
import { staffPath } from "~/domain/staff/routes";
import { categoryLabel } from "~/domain/staff/service-categories";
import { requestContext } from "~/server/request-context.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { parseEdit } from "~/server/staff/content.server";
import { addService, priceListForStaff } from "~/server/staff/price-list.server";
import type { Route } from "./+types/prices";

export const meta = () => staffMeta("Price list");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "prices");
  const list = await priceListForStaff(args.context.get(requestContext).db);
  const names = new Map(list.services.map((s) => [s.id, s.clientName?.trim() || s.service]));
  return {
    levels: list.levels.map(({ id, name }) => ({ id, name })),
    upcoming: list.upcoming.map((row) => ({ ...row, name: names.get(row.serviceId) ?? `Service ${row.serviceId}` })),
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
  const { staff, input } = await requireStaffAction(args, "prices");
  const parsed = parseEdit(serviceSchema, input);
  if (!parsed.ok) return parsed.refusal;
  const added = await addService(args.context.get(requestContext).db, staff, parsed.value);
  if (typeof added !== "number") return added;
  return redirect(staffPath(`content/prices/${added}?added=1`));
}

type ServiceItem = Route.ComponentProps["loaderData"]["services"][number];

function byCategory(services: readonly ServiceItem[]) {
  const groups = new Map<string, ServiceItem[]>();
  for (const s of services) groups.set(s.category, [...(groups.get(s.category) ?? []), s]);
  return [...groups];
}

export default function Prices({ loaderData }: Route.ComponentProps) {
  const { services, upcoming, levels } = loaderData;
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
