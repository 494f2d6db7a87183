/** The fields of a service and the preview of what a price change does to typical quotes. */
import { formatGBP } from "~/domain/format";
import type { QuotePreview } from "~/domain/price-preview";
import type { BulkPriceRow } from "~/domain/staff/bulk-prices";
import { categoryKey, SERVICE_CATEGORIES } from "~/domain/staff/service-categories";
import { EditSelect, EditText } from "./edit";
import { StaffSection } from "./ui";

export function ServiceFields({ levels }: { levels: readonly { id: number; name: string }[] }) {
  return (
    <>
      <EditText name="clientName" label="Name clients read" required maxLength={120} hint="As the menu prints it." />
      <EditText name="service" label="Till name" required maxLength={120} hint="As the till and staff know it." />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <EditText name="price" label="Price (£)" required inputMode="decimal" hint="At the Stylist level." />
        <EditText
          name="productPrice"
          label="Product price (£)"
          required
          inputMode="decimal"
          hint="Added for colour; 0 for none."
        />
      </div>
      <EditSelect
        name="category"
        label="Category"
        options={SERVICE_CATEGORIES.map((c) => ({ value: categoryKey(c.cat1, c.cat2), label: c.label }))}
      />
      <EditText name="groupName" label="Price list heading" required maxLength={120} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <EditSelect
          name="minLevel"
          label="Lowest level who may do it"
          options={levels.map((level) => ({ value: String(level.id), label: `${level.id}: ${level.name}` }))}
        />
        <EditText name="sortOrder" label="Order in its category" required inputMode="numeric" />
      </div>
    </>
  );
}

const change = (before: number | null, after: number | null) => {
  if (before === null || after === null || before === after) return "no change";
  const diff = after - before;
  return `${diff > 0 ? "+" : "−"}${formatGBP(Math.abs(diff))}`;
};

/** Each typical quote at each level, now and with the change, as small tables that fit a phone. */
export function QuotePreviewTables({ previews, heading }: { previews: readonly QuotePreview[]; heading: string }) {
  return (
    <StaffSection id="preview-heading" title={heading} className="card mb-6 p-5">
      <p className="my-2 text-muted">Nothing is saved yet. Quotes already given keep their prices.</p>
      {previews.map((preview) => (
        <table key={preview.label} className="mt-4 w-full text-left text-sm tabular-nums sm:text-base">
          <caption className="text-left text-lg font-semibold">{preview.label}</caption>
          <thead>
            <tr className="border-b border-line text-sm">
              <th scope="col" className="py-1 pr-2">
                Level
              </th>
              <th scope="col" className="py-1 pr-2">
                Now
              </th>
              <th scope="col" className="py-1 pr-2">
                After
              </th>
              <th scope="col" className="py-1">
                Change
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.levelId} className="border-b border-line">
                <th scope="row" className="py-1 pr-2 font-normal">
                  {row.levelName}
                </th>
                <td className="py-1 pr-2 whitespace-nowrap">
                  {row.beforePence === null ? "—" : formatGBP(row.beforePence)}
                </td>
                <td className="py-1 pr-2 whitespace-nowrap">
                  {row.afterPence === null ? "—" : formatGBP(row.afterPence)}
                </td>
                <td className="py-1 whitespace-nowrap">{change(row.beforePence, row.afterPence)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </StaffSection>
  );
}

/**
 * Each service a bulk change covers, before rounding: its list price now and
 * after, or for a change at one level its price at that level (before
 * product).
 */
export function BulkPriceTable({
  rows,
  from,
  level,
}: {
  rows: readonly BulkPriceRow[];
  from: string | null;
  level: string | null;
}) {
  return (
    <table className="mt-2 mb-6 w-full text-left text-sm tabular-nums sm:text-base">
      <caption className="text-left text-lg font-semibold">
        {rows.length} {rows.length === 1 ? "service" : "services"},{" "}
        {level ? `${level} prices before product` : "list prices"}
      </caption>
      <thead>
        <tr className="border-b border-line text-sm">
          <th scope="col" className="py-1 pr-2">
            Service
          </th>
          <th scope="col" className="py-1 pr-2">
            Now
          </th>
          <th scope="col" className="py-1 pr-2">
            {from ? `From ${from}` : "After"}
          </th>
          <th scope="col" className="py-1">
            Change
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className="border-b border-line">
            <th scope="row" className="py-1 pr-2 font-normal">
              {row.name}
              <span className="block text-xs text-muted">{row.category}</span>
            </th>
            <td className="py-1 pr-2 whitespace-nowrap">{formatGBP(row.beforePence)}</td>
            <td className="py-1 pr-2 whitespace-nowrap">{formatGBP(row.afterPence)}</td>
            <td className="py-1 whitespace-nowrap">{change(row.beforePence, row.afterPence)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
