import { formatGBP } from "~/domain/format";

export interface EstimateLine {
  key: string | number;
  label: string;
  pricePence: number;
}

/** The compact itemised lines and their total, as the calculator's panel and the finish page's summary show them. */
export function EstimateTable({
  lines,
  totalPence,
  caption,
  totalLabel,
  totalTestId,
  lineTestId,
  className = "",
}: {
  lines: readonly EstimateLine[];
  totalPence: number;
  caption: string;
  totalLabel: string;
  totalTestId: string;
  lineTestId?: string;
  className?: string;
}) {
  return (
    <table className={`w-full text-sm ${className}`}>
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Service</th>
          <th scope="col">Price</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.key} className="border-b border-line/70 align-top" data-testid={lineTestId}>
            <th scope="row" className="py-2 pr-3 text-left font-normal">
              {line.label}
            </th>
            <td className="py-2 text-right whitespace-nowrap tabular-nums">{formatGBP(line.pricePence)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className="pt-3 text-left text-base font-semibold">
            {totalLabel}
          </th>
          <td
            className="pt-3 text-right font-display text-2xl whitespace-nowrap tabular-nums"
            data-testid={totalTestId}
          >
            {formatGBP(totalPence)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
