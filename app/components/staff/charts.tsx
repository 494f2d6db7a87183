/**
 * The dashboard's charts: SVG drawn on the server, so they need no script
 * and print as they look. Each chart is an image with a name that says what
 * it shows, and its numbers sit below it in a table a screen reader (or
 * anyone who wants the exact figures) can open.
 */
import type { ReactNode } from "react";

/** The site's inks, darkest first: each stands out from white by at least 3 to 1 except the last, which only ever sits beside the others. */
const SERIES_COLOURS = ["#7f3f2b", "#5c5349", "#c0704f", "#1f1b16", "#9c8a76", "#d6a48c"] as const;
const colourOf = (i: number) => SERIES_COLOURS[i % SERIES_COLOURS.length];

const WIDTH = 400;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 28, left: 32 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

export interface Series {
  name: string;
  values: readonly number[];
}

/** An axis for the chart: its top value and the gridlines' values, 0 first. */
interface Axis {
  max: number;
  ticks: number[];
}

/**
 * The axis for counts up to `highest`: a whole step of 1, 2 or 5 × a power of
 * ten, at most five steps, the top a multiple of the step. So every gridline
 * is a count a bar can reach (0, 2, 4… 10 for 9 quotes, never 2.5 shown as 3).
 */
function countAxis(highest: number): Axis {
  for (let power = 1; ; power *= 10)
    for (const multiple of [1, 2, 5]) {
      const step = multiple * power;
      const steps = Math.max(1, Math.ceil(highest / step));
      if (steps <= 5) return { max: steps * step, ticks: Array.from({ length: steps + 1 }, (_, i) => i * step) };
    }
}

/** A fixed scale (a score out of 5): a gridline at each whole number up to it. */
function fixedAxis(max: number): Axis {
  return { max, ticks: Array.from({ length: max + 1 }, (_, i) => i) };
}

function Axes({ labels, axis, format }: { labels: readonly string[]; axis: Axis; format: (n: number) => string }) {
  const band = PLOT_W / labels.length;
  // Every label fits on a wide chart; on twelve weeks every other one keeps them apart.
  const every = labels.length > 8 ? 2 : 1;
  return (
    <g fontSize="12" fill="#5c5349">
      {axis.ticks.map((tick) => {
        const y = PAD.top + PLOT_H - (tick / axis.max) * PLOT_H;
        return (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} stroke="#ddd3c5" strokeWidth="1" />
            <text x={PAD.left - 4} y={y + 4} textAnchor="end">
              {format(tick)}
            </text>
          </g>
        );
      })}
      {labels.map((label, i) =>
        (labels.length - 1 - i) % every === 0 ? (
          <text key={label} x={PAD.left + band * (i + 0.5)} y={HEIGHT - 8} textAnchor="middle">
            {label}
          </text>
        ) : null,
      )}
    </g>
  );
}

function Legend({ series }: { series: readonly { name: string }[] }) {
  if (series.length < 2) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden="true">
      {series.map((s, i) => (
        <li key={s.name} className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm" style={{ background: colourOf(i) }} />
          {s.name}
        </li>
      ))}
    </ul>
  );
}

/** One bar per label, its series stacked: quotes per week by salon, say. */
export function StackedBars({
  label,
  labels,
  series,
}: {
  /** What the image shows, for those who cannot see it. */
  label: string;
  labels: readonly string[];
  series: readonly Series[];
}) {
  const totals = labels.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const axis = countAxis(Math.max(0, ...totals));
  const band = PLOT_W / labels.length;
  const barW = Math.max(4, band * 0.66);
  return (
    <>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="h-auto w-full">
        <Axes labels={labels} axis={axis} format={String} />
        {labels.map((week, i) => {
          let top = PAD.top + PLOT_H;
          return (
            <g key={week}>
              {series.map((s, j) => {
                const value = s.values[i] ?? 0;
                if (value === 0) return null;
                const h = (value / axis.max) * PLOT_H;
                top -= h;
                return (
                  <rect
                    key={s.name}
                    x={PAD.left + band * i + (band - barW) / 2}
                    y={top}
                    width={barW}
                    height={h}
                    fill={colourOf(j)}
                    stroke="#fff"
                    strokeWidth="1"
                  />
                );
              })}
            </g>
          );
        })}
      </svg>
      <Legend series={series} />
    </>
  );
}

/** A line per series over the labels; gaps where a week has no value (no feedback that week). */
export function Lines({
  label,
  labels,
  series,
  max: fixedMax,
  format = (n) => String(n),
}: {
  label: string;
  labels: readonly string[];
  series: readonly { name: string; values: readonly (number | null)[] }[];
  /** A fixed whole-number scale (a score out of 5); otherwise the counts set it. */
  max?: number;
  format?: (n: number) => string;
}) {
  const axis =
    fixedMax === undefined
      ? countAxis(Math.max(0, ...series.flatMap((s) => s.values.map((v) => v ?? 0))))
      : fixedAxis(fixedMax);
  const band = PLOT_W / labels.length;
  const x = (i: number) => PAD.left + band * (i + 0.5);
  const y = (v: number) => PAD.top + PLOT_H - (v / axis.max) * PLOT_H;
  return (
    <>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="h-auto w-full">
        <Axes labels={labels} axis={axis} format={format} />
        {series.map((s, j) => {
          // Runs of weeks with a value, drawn as separate lines so an empty week is a gap, not a dip to zero.
          const runs: string[][] = [];
          s.values.forEach((v, i) => {
            if (v === null) return;
            if (i === 0 || s.values[i - 1] === null) runs.push([]);
            runs.at(-1)?.push(`${x(i)},${y(v)}`);
          });
          return (
            <g key={s.name} stroke={colourOf(j)} fill={colourOf(j)}>
              {runs.map((points) => (
                <polyline key={points[0]} points={points.join(" ")} fill="none" strokeWidth="2.5" />
              ))}
              {s.values.map((v, i) =>
                v === null ? null : <circle key={labels[i]} cx={x(i)} cy={y(v)} r="3" stroke="none" />,
              )}
            </g>
          );
        })}
      </svg>
      <Legend series={series} />
    </>
  );
}

/** A horizontal bar for one figure among several (a score out of 5, a share of quotes): its number is written beside it. */
export function Meter({ value, max }: { value: number; max: number }) {
  const share = max > 0 ? Math.min(1, value / max) : 0;
  return (
    <div className="h-3 w-full overflow-hidden rounded-full bg-sand" aria-hidden="true">
      <div className="h-full rounded-full bg-accent-dark" style={{ width: `${(share * 100).toFixed(1)}%` }} />
    </div>
  );
}

/** A chart with its title and, below it, its numbers as a table. */
export function ChartCard({
  id,
  title,
  intro,
  children,
  table,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  table: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="card min-w-0 p-4 sm:p-5">
      <h3 id={`${id}-title`} className="text-xl">
        {title}
      </h3>
      {intro ? <p className="mb-3 text-sm text-muted">{intro}</p> : null}
      {children}
      <details className="mt-3">
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm underline underline-offset-2">
          The numbers<span className="sr-only">: {title}</span>
        </summary>
        {/* A wide table scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard */}
        <section className="mt-2 overflow-x-auto" tabIndex={0} aria-label={`${title}: table of numbers`}>
          {table}
        </section>
      </details>
    </section>
  );
}

/** A plain table: the labels down the side, one column per heading. */
export function NumbersTable({
  caption,
  corner,
  columns,
  rows,
}: {
  caption: string;
  corner: string;
  columns: readonly string[];
  rows: readonly { label: string; cells: readonly (string | number)[] }[];
}) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-line text-left">
          <th scope="col" className="py-1 pr-3 font-semibold">
            {corner}
          </th>
          {columns.map((c) => (
            <th key={c} scope="col" className="py-1 pr-3 text-right font-semibold whitespace-nowrap">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label} className="border-b border-line last:border-0">
            <th scope="row" className="py-1 pr-3 text-left font-normal whitespace-nowrap">
              {r.label}
            </th>
            {r.cells.map((cell, i) => (
              <td key={columns[i]} className="py-1 pr-3 text-right tabular-nums">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A word-sized line of one figure over the weeks, beside its number; the table holds the values. */
export function Sparkline({ values, max }: { values: readonly (number | null)[]; max: number }) {
  const w = 96;
  const h = 24;
  const step = values.length > 1 ? (w - 4) / (values.length - 1) : 0;
  const points = values.flatMap((v, i) => (v === null ? [] : [[2 + i * step, h - 2 - (v / max) * (h - 4)] as const]));
  return (
    <svg viewBox={`0 0 ${w} ${h}`} width={w} height={h} aria-hidden="true" className="shrink-0">
      <line x1="2" x2={w - 2} y1={h - 2} y2={h - 2} stroke="#ddd3c5" strokeWidth="1" />
      {points.length > 1 ? (
        <polyline
          points={points.map(([x, y]) => `${x},${y}`).join(" ")}
          fill="none"
          stroke="#7f3f2b"
          strokeWidth="1.5"
        />
      ) : null}
      {points.map(([x, y]) => (
        <circle key={x} cx={x} cy={y} r="2" fill="#7f3f2b" />
      ))}
    </svg>
  );
}
