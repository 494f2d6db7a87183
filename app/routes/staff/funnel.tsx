import { Meter, NumbersTable } from "~/components/staff/charts";
import { StaffHeading, StaffSection, staffMeta } from "~/components/staff/ui";
import { formatGBP } from "~/domain/format";
import { FUNNEL_STEP_LABELS, FUNNEL_STEPS } from "~/domain/funnel";
import { type FunnelDimension, type FunnelFigures, funnelBy, funnelTotal } from "~/domain/staff/funnel";
import { STAFF_ROUTES, staffPath } from "~/domain/staff/routes";
import { weekLabel } from "~/domain/staff/weeks";
import { requestContext } from "~/server/request-context.server";
import { audit } from "~/server/staff/audit.server";
import { requireStaff } from "~/server/staff/auth.server";
import { loadFunnel } from "~/server/staff/funnel.server";
import type { Route } from "./+types/funnel";

export const meta = () => staffMeta("Funnel");

const BREAKDOWNS: readonly { by: FunnelDimension; title: string; corner: string }[] = [
  { by: "week", title: "By week", corner: "Week" },
  { by: "salon", title: "By salon", corner: "Salon" },
  { by: "level", title: "By level", corner: "Level" },
  { by: "stylist", title: "By stylist", corner: "Stylist" },
  { by: "source", title: "By source", corner: "Source" },
];

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "funnel");
  const { db } = args.context.get(requestContext);
  const funnel = await loadFunnel(db, staff.scope);
  // Counts and pounds only, but a look at the salon's figures all the same: recorded as every list's is.
  await audit(db, staff, { action: "funnel.view" });
  return {
    firstWeek: weekLabel(funnel.weeks[0] ?? ""),
    weeks: funnel.weeks.length,
    total: funnelTotal(funnel.rows),
    breakdowns: BREAKDOWNS.map(({ by, title, corner }) => ({
      by,
      title,
      corner,
      rows: funnelBy(funnel.rows, by, funnel.names).map((r) => ({
        ...r,
        label: by === "week" ? `Week of ${weekLabel(r.label)}` : r.label,
      })),
    })),
    exportHref: staffPath(STAFF_ROUTES.funnelExport.path),
  };
}

const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : "–");
const COLUMNS = [...FUNNEL_STEPS.map((s) => FUNNEL_STEP_LABELS[s]), "£ quoted", "£ booked"];
const cells = (f: FunnelFigures) => [
  ...FUNNEL_STEPS.map((s) => f.steps[s]),
  formatGBP(f.quotedPence),
  formatGBP(f.bookedPence),
];

export default function Funnel({ loaderData: d }: Route.ComponentProps) {
  const { total } = d;
  const widest = Math.max(1, ...FUNNEL_STEPS.map((s) => total.steps[s]));
  return (
    <>
      <StaffHeading title="Funnel">
        From the calculator to a booked chair, over the last {d.weeks} weeks from Monday {d.firstWeek}. Calculator steps
        count each visitor once a day, without cookies; a quote's steps count in the week it was saved.
      </StaffHeading>

      <StaffSection id="funnel-steps-heading" title="Each step" className="mb-8" headingClass="mb-3 text-2xl">
        <div className="card p-4 sm:p-5">
          <dl className="space-y-3" data-testid="funnel-steps">
            {FUNNEL_STEPS.map((step, i) => {
              const n = total.steps[step];
              const before = i > 0 ? total.steps[FUNNEL_STEPS[i - 1] ?? step] : n;
              return (
                <div key={step} className="grid grid-cols-[1fr_auto] items-end gap-x-3 text-sm" data-step={step}>
                  <dt>{FUNNEL_STEP_LABELS[step]}</dt>
                  <dd className="tabular-nums">
                    {n} {i > 0 ? <span className="text-muted">({percent(n, before)} of the step before)</span> : null}
                  </dd>
                  <dd className="col-span-2 mt-1">
                    <Meter value={n} max={widest} />
                  </dd>
                </div>
              );
            })}
          </dl>
          <dl className="mt-4 grid grid-cols-2 gap-3">
            <div>
              <dt className="text-sm text-muted">£ quoted</dt>
              <dd className="font-display text-2xl">{formatGBP(total.quotedPence)}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted">£ booked</dt>
              <dd className="font-display text-2xl">{formatGBP(total.bookedPence)}</dd>
            </div>
          </dl>
        </div>
        <p className="mt-4">
          <a href={d.exportHref} download className="btn-outline">
            Download as CSV
          </a>
        </p>
      </StaffSection>

      {d.breakdowns.map((b) => (
        <StaffSection
          key={b.by}
          id={`funnel-${b.by}-heading`}
          title={b.title}
          className="mb-8"
          headingClass="mb-3 text-2xl"
        >
          {b.rows.length === 0 ? (
            <p className="text-sm text-muted">Nothing counted in these weeks yet.</p>
          ) : (
            // A wide table scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
            <section
              className="card scroll-cue overflow-x-auto p-4"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
              tabIndex={0}
              aria-label={`Funnel ${b.title.toLowerCase()}`}
            >
              <NumbersTable
                caption={`Funnel ${b.title.toLowerCase()}`}
                corner={b.corner}
                columns={COLUMNS}
                rows={b.rows.map((r) => ({ label: r.label, cells: cells(r.figures) }))}
              />
            </section>
          )}
        </StaffSection>
      ))}
    </>
  );
}
