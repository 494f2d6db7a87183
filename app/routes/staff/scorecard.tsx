import { NumbersTable } from "~/components/staff/charts";
import { StaffHeading, StaffSection, staffMeta } from "~/components/staff/ui";
import { formatGBP } from "~/domain/format";
import { STAFF_ROUTES, staffPath } from "~/domain/staff/routes";
import {
  openingTime,
  percentOf,
  type ScorecardFigures,
  type ScorecardRow,
  scorecardLabel,
} from "~/domain/staff/scorecard";
import { weekLabel } from "~/domain/staff/weeks";
import { requestContext } from "~/server/request-context.server";
import { audit } from "~/server/staff/audit.server";
import { requireStaff } from "~/server/staff/auth.server";
import { loadScorecard } from "~/server/staff/scorecard.server";
import type { Route } from "./+types/scorecard";

export const meta = () => staffMeta("Scorecard");

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "scorecard");
  const { db } = args.context.get(requestContext);
  // The account's salons only, as the gate gives them (decision 109).
  const scorecard = await loadScorecard(db, staff.scope);
  await audit(db, staff, { action: "scorecard.view" });
  const labelled = (rows: readonly ScorecardRow[], withWeek = false) =>
    rows.map((r) => ({
      label: withWeek ? `Week of ${weekLabel(r.week)}` : scorecardLabel(r, scorecard.names),
      figures: r.figures,
    }));
  const salonIds = [...new Set(scorecard.bySalonWeek.map((r) => r.salonId))];
  return {
    firstWeek: weekLabel(scorecard.weeks[0] ?? ""),
    weeks: scorecard.weeks.length,
    targetHours: scorecard.targetHours,
    salons: salonIds.map((id) => ({
      id,
      name: scorecard.names.salon.get(id) ?? `Salon ${id}`,
      rows: labelled(
        scorecard.bySalonWeek.filter((r) => r.salonId === id),
        true,
      ),
    })),
    byStylist: labelled(scorecard.byStylist),
    byLevel: labelled(scorecard.byLevel),
    exportHref: staffPath(STAFF_ROUTES.scorecardExport.path),
    // The target is the owner's to set: a manager is told it, not sent to a page that would refuse them.
    settingsHref: staff.can("settings.manage") ? staffPath(STAFF_ROUTES.settings.path) : null,
  };
}

const COLUMNS = [
  "Leads",
  "First reply, median",
  "First reply, worst",
  "Replied in target",
  "Booked",
  "£ quoted",
  "£ booked",
  "£ charged",
  "Charged within ±10%",
];
const cells = (f: ScorecardFigures) => [
  f.leads,
  openingTime(f.replyMedianMinutes),
  openingTime(f.replyWorstMinutes),
  percentOf(f.repliedWithinTarget, f.leads),
  f.booked,
  formatGBP(f.quotedPence),
  formatGBP(f.bookedPence),
  formatGBP(f.chargedPence),
  percentOf(f.chargedWithinTenPercent, f.chargedLeads),
];

function Breakdown({
  id,
  title,
  corner,
  rows,
}: {
  id: string;
  title: string;
  corner: string;
  rows: readonly { label: string; figures: ScorecardFigures }[];
}) {
  return (
    <StaffSection id={id} title={title} className="mb-8" headingClass="mb-3 text-2xl">
      {rows.length === 0 ? (
        <p className="text-sm text-muted">No leads in these weeks yet.</p>
      ) : (
        // A wide table scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
        <section className="card scroll-cue overflow-x-auto p-4" tabIndex={0} aria-label={`Scorecard: ${title}`}>
          <NumbersTable
            caption={`Scorecard: ${title}`}
            corner={corner}
            columns={COLUMNS}
            rows={rows.map((r) => ({ label: r.label, cells: cells(r.figures) }))}
          />
        </section>
      )}
    </StaffSection>
  );
}

export default function Scorecard({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <StaffHeading title="Scorecard">
        Each salon week by week, then each stylist and level, over the last {d.weeks} weeks from Monday {d.firstWeek}.
        Reply times count the salon's opening hours only; the target is {d.targetHours} opening{" "}
        {d.targetHours === 1 ? "hour" : "hours"}
        {d.settingsHref ? (
          <>
            {" "}
            (<a href={d.settingsHref}>Settings</a>)
          </>
        ) : null}
        . £ charged is what the matched appointments were worth.
      </StaffHeading>
      <p className="mb-8">
        <a href={d.exportHref} download className="btn-outline">
          Download as CSV
        </a>
      </p>
      {d.salons.map((s) => (
        <Breakdown key={s.id} id={`scorecard-salon-${s.id}`} title={s.name} corner="Week" rows={s.rows} />
      ))}
      <Breakdown id="scorecard-stylist" title="By stylist" corner="Stylist" rows={d.byStylist} />
      <Breakdown id="scorecard-level" title="By level" corner="Level" rows={d.byLevel} />
    </>
  );
}
