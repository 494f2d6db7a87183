import { useId } from "react";
import { formatGBP } from "~/domain/format";

interface SelectionLine {
  key: string | number;
  label: string;
  pricePence: number;
}

interface SelectionTableProps {
  lines: readonly SelectionLine[];
  totalPence: number;
  heading?: string;
  /** Says whose prices these are, e.g. "Prices at Senior Stylist level". */
  caption?: string;
  totalLabel?: string;
}

/** "Your Selection": the itemised services and the total estimate, in whole pounds. */
export function SelectionTable({
  lines,
  totalPence,
  heading = "Your Selection",
  caption,
  totalLabel = "Total estimate",
}: SelectionTableProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card p-5 sm:p-7">
      <h2 id={headingId} className="text-2xl">
        {heading}
      </h2>
      {caption ? <p className="mt-1 text-sm text-muted">{caption}</p> : null}
      <table className="mt-5 w-full border-collapse text-left">
        <caption className="sr-only">{caption ? `${heading}: ${caption}` : heading}</caption>
        <thead>
          <tr className="border-b border-line text-xs tracking-[0.12em] text-muted uppercase">
            <th scope="col" className="pb-2 font-semibold">
              Service
            </th>
            <th scope="col" className="pb-2 text-right font-semibold">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.key} className="border-b border-line/70 align-top">
              <td className="py-3 pr-4 leading-snug">{line.label}</td>
              <td className="py-3 text-right whitespace-nowrap tabular-nums">{formatGBP(line.pricePence)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-4 font-display text-lg font-medium">
              {totalLabel}
            </th>
            <td
              className="pt-4 text-right font-display text-2xl whitespace-nowrap tabular-nums"
              data-testid="quote-total"
            >
              {formatGBP(totalPence)}
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
