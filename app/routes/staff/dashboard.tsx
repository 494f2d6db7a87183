import { ChartCard, Lines, Meter, NumbersTable, Sparkline, StackedBars } from "~/components/staff/charts";
import { StaffHeading, StaffSection, staffMeta } from "~/components/staff/ui";
import { formatGBP } from "~/domain/format";
import { FEEDBACK_QUESTIONS, FEEDBACK_RATING_FIELDS, REFERRAL_OPTIONS, referralLabel } from "~/domain/forms";
import { FUNNEL_STEP_LABELS, FUNNEL_STEPS } from "~/domain/funnel";
import { APPLICATION_STATUSES, STATUS_LABELS } from "~/domain/staff/records";
import { STAFF_ROUTES, staffPath } from "~/domain/staff/routes";
import { byWeek, weekLabel } from "~/domain/staff/weeks";
import { requestContext } from "~/server/request-context.server";
import { requireStaff } from "~/server/staff/auth.server";
import { loadDashboard } from "~/server/staff/dashboard.server";
import { loadFunnelTotal } from "~/server/staff/funnel.server";
import type { Route } from "./+types/dashboard";

export const meta = () => staffMeta("Dashboard");

const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : "–");
const score = (value: number | null | undefined) => (value === null || value === undefined ? "–" : value.toFixed(1));
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** The states an application is open in (every one but archived, as in the lists), in pipeline order. */
const OPEN_STATES = APPLICATION_STATUSES.filter((s) => s !== "archived");
const label = (status: string) => STATUS_LABELS[status] ?? status;

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "dashboard");
  const { db } = args.context.get(requestContext);
  const [d, funnelFigures] = await Promise.all([loadDashboard(db, staff.scope), loadFunnelTotal(db, staff.scope)]);
  const salonName = new Map(d.salons.map((s) => [s.id, s.name]));

  const bySalon = byWeek(
    d.weeks,
    d.quotesBySalon,
    (r) => salonName.get(r.salonId) ?? `Salon ${r.salonId}`,
    (r) => r.n,
  );
  const byReferral = byWeek(
    d.weeks,
    d.quotesByReferral,
    (r) => r.referral,
    (r) => r.n,
  );
  const views = byWeek(
    d.weeks,
    d.views.flatMap((r) => [
      { week: r.week, key: "saved", n: r.saved },
      { week: r.week, key: "opened", n: r.opened },
      { week: r.week, key: "views", n: r.views },
    ]),
    (r) => r.key,
    (r) => r.n,
  );
  const zeros = d.weeks.map(() => 0);

  const conversion = d.salons
    .map((s) => {
      const rows = d.quotesByStatus.filter((r) => r.salonId === s.id);
      const of = (status: string) => sum(rows.filter((r) => r.status === status).map((r) => r.n));
      const total = sum(rows.map((r) => r.n));
      return { salon: s.name, total, contacted: total - of("new"), booked: of("booked"), notBooked: of("not-booked") };
    })
    .filter((r) => r.total > 0);

  const feedbackByWeek = new Map(d.feedbackWeeks.map((r) => [r.week, r]));
  const questions = FEEDBACK_RATING_FIELDS.map((field) => ({
    field,
    question: FEEDBACK_QUESTIONS[field],
    average: d.feedbackTotals?.[field] ?? null,
    weekly: d.weeks.map((w) => feedbackByWeek.get(w)?.[field] ?? null),
  }));

  return {
    funnel: { total: funnelFigures, href: staffPath(STAFF_ROUTES.funnel.path) },
    weeks: d.weeks.map((w) => ({ week: w, label: weekLabel(w) })),
    salons: [...bySalon].map(([name, values]) => ({ name, values })),
    // Referral sources in the form's order, then anything older data holds.
    referrals: [
      ...REFERRAL_OPTIONS.filter((r) => byReferral.has(r)),
      ...[...byReferral.keys()].filter((r) => !(REFERRAL_OPTIONS as readonly string[]).includes(r)),
    ].map((name) => ({ name: referralLabel(name), values: byReferral.get(name) ?? zeros })),
    conversion,
    saved: views.get("saved") ?? zeros,
    opened: views.get("opened") ?? zeros,
    viewCounts: views.get("views") ?? zeros,
    feedback: {
      count: d.feedbackTotals?.n ?? 0,
      overall: d.feedbackTotals?.overall ?? null,
      weekly: d.weeks.map((w) => ({
        n: feedbackByWeek.get(w)?.n ?? 0,
        overall: feedbackByWeek.get(w)?.overall ?? null,
      })),
      questions,
      byStylist: d.feedbackByStylist,
    },
    open: {
      jobs: OPEN_STATES.map((s) => ({ status: s, n: d.openJobs.find((r) => r.status === s)?.n ?? 0 })),
      models: OPEN_STATES.map((s) => ({ status: s, n: d.openModels.find((r) => r.status === s)?.n ?? 0 })),
      newFeedback: d.newFeedback,
    },
  };
}

function Stat({ label, value, detail }: { label: string; value: string | number; detail?: string }) {
  return (
    <div className="card p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-display text-3xl">{value}</dd>
      {detail ? <dd className="text-sm text-muted">{detail}</dd> : null}
    </div>
  );
}

export default function Dashboard({ loaderData: d }: Route.ComponentProps) {
  const labels = d.weeks.map((w) => w.label);
  const weekRows = (series: readonly { name: string; values: readonly number[] }[]) =>
    d.weeks.map((w, i) => ({
      label: `Week of ${w.label}`,
      cells: [...series.map((s) => s.values[i] ?? 0), sum(series.map((s) => s.values[i] ?? 0))],
    }));
  const quotes = sum(d.saved);
  const opened = sum(d.opened);
  const booked = sum(d.conversion.map((c) => c.booked));
  const contacted = sum(d.conversion.map((c) => c.contacted));
  const openApplications = sum(d.open.jobs.map((j) => j.n)) + sum(d.open.models.map((m) => m.n));
  const first = d.weeks[0]?.label;

  return (
    <>
      <StaffHeading title="Dashboard">
        The last {d.weeks.length} weeks, from Monday {first} to today. Weeks start on Monday.
      </StaffHeading>

      <StaffSection id="summary-heading" title="At a glance" className="mb-8" headingClass="sr-only">
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          <Stat label="Quotes saved" value={quotes} />
          <Stat label="Booked" value={percent(booked, quotes)} detail={`${booked} of ${quotes}`} />
          <Stat label="Quote links opened" value={percent(opened, quotes)} detail={`${opened} of ${quotes}`} />
          <Stat
            label="Feedback score"
            value={score(d.feedback.overall)}
            detail={`out of 5, ${d.feedback.count} ${d.feedback.count === 1 ? "reply" : "replies"}`}
          />
          <Stat label="Open applications" value={openApplications} />
        </dl>
      </StaffSection>

      <StaffSection id="funnel-heading" title="The funnel in pounds" className="mb-10" headingClass="mb-3 text-2xl">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {FUNNEL_STEPS.map((step) => (
            <Stat key={step} label={FUNNEL_STEP_LABELS[step]} value={d.funnel.total.steps[step]} />
          ))}
          <Stat label="£ quoted" value={formatGBP(d.funnel.total.quotedPence)} />
          <Stat label="£ booked" value={formatGBP(d.funnel.total.bookedPence)} />
        </dl>
        <p className="mt-3 text-sm">
          <a href={d.funnel.href} className="underline underline-offset-2">
            The funnel by week, salon, level, stylist and source
          </a>
        </p>
      </StaffSection>

      <StaffSection id="quotes-heading" title="Quotes per week" className="mb-10" headingClass="mb-3 text-2xl">
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartCard
            id="quotes-salon"
            title="By salon"
            table={
              <NumbersTable
                caption="Quotes per week by salon"
                corner="Week"
                columns={[...d.salons.map((s) => s.name), "All"]}
                rows={weekRows(d.salons)}
              />
            }
          >
            <StackedBars
              label={`Quotes per week by salon, ${d.salons.map((s) => `${s.name} ${sum(s.values)}`).join(", ") || "none yet"}.`}
              labels={labels}
              series={d.salons}
            />
          </ChartCard>
          <ChartCard
            id="quotes-referral"
            title="By how they heard of us"
            table={
              <NumbersTable
                caption="Quotes per week by referral source"
                corner="Week"
                columns={[...d.referrals.map((s) => s.name), "All"]}
                rows={weekRows(d.referrals)}
              />
            }
          >
            <StackedBars
              label={`Quotes per week by referral source, ${d.referrals.map((s) => `${s.name} ${sum(s.values)}`).join(", ") || "none yet"}.`}
              labels={labels}
              series={d.referrals}
            />
          </ChartCard>
        </div>
      </StaffSection>

      <StaffSection
        id="conversion-heading"
        title="From quote to booking"
        className="mb-10"
        headingClass="mb-3 text-2xl"
      >
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartCard
            id="conversion"
            title="Quotes followed up and booked"
            intro="Of the quotes saved in these weeks, by what the salon has marked them."
            table={
              <NumbersTable
                caption="Quotes by follow-up status and salon"
                corner="Salon"
                columns={["Quotes", "Contacted", "Booked", "Not booked", "Booked share"]}
                rows={d.conversion.map((c) => ({
                  label: c.salon,
                  cells: [c.total, c.contacted, c.booked, c.notBooked, percent(c.booked, c.total)],
                }))}
              />
            }
          >
            <dl className="space-y-3">
              {[
                { label: "Saved", n: quotes },
                { label: "Contacted", n: contacted },
                { label: "Booked", n: booked },
              ].map((step) => (
                <div key={step.label} className="grid grid-cols-[1fr_auto] items-end gap-x-3 text-sm">
                  <dt>{step.label}</dt>
                  <dd className="tabular-nums">
                    {step.n} <span className="text-muted">({percent(step.n, quotes)})</span>
                  </dd>
                  <dd className="col-span-2 mt-1">
                    <Meter value={step.n} max={quotes} />
                  </dd>
                </div>
              ))}
            </dl>
          </ChartCard>
          <ChartCard
            id="views"
            title="Quote links opened"
            intro="Quotes saved each week, and how many of them the client has opened since."
            table={
              <NumbersTable
                caption="Quote links opened, by the week the quote was saved"
                corner="Week"
                columns={["Saved", "Opened", "Views"]}
                rows={d.weeks.map((w, i) => ({
                  label: `Week of ${w.label}`,
                  cells: [d.saved[i] ?? 0, d.opened[i] ?? 0, d.viewCounts[i] ?? 0],
                }))}
              />
            }
          >
            <Lines
              label={`Quote links opened: ${opened} of ${quotes} quotes saved in these weeks, ${sum(d.viewCounts)} views in all.`}
              labels={labels}
              series={[
                { name: "Saved", values: d.saved },
                { name: "Opened", values: d.opened },
              ]}
            />
          </ChartCard>
        </div>
      </StaffSection>

      <StaffSection id="feedback-heading" title="Feedback" className="mb-10" headingClass="mb-3 text-2xl">
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartCard
            id="feedback-weeks"
            title="Average score per week"
            intro="The mean of the nine questions, out of 5. No line where a week had no replies."
            table={
              <NumbersTable
                caption="Average feedback score per week"
                corner="Week"
                columns={["Replies", "Average"]}
                rows={d.weeks.map((w, i) => ({
                  label: `Week of ${w.label}`,
                  cells: [d.feedback.weekly[i]?.n ?? 0, score(d.feedback.weekly[i]?.overall)],
                }))}
              />
            }
          >
            <Lines
              label={`Average feedback score per week, ${score(d.feedback.overall)} out of 5 over ${d.feedback.count} replies.`}
              labels={labels}
              series={[{ name: "Average", values: d.feedback.weekly.map((w) => w.overall) }]}
              max={5}
              format={(n) => String(n)}
            />
          </ChartCard>
          <ChartCard
            id="feedback-questions"
            title="Per question"
            intro="Each question's average over these weeks, out of 5, and its line week by week."
            table={
              <NumbersTable
                caption="Average feedback score per question and week"
                corner="Question"
                columns={["All weeks", ...labels]}
                rows={d.feedback.questions.map((q) => ({
                  label: q.question,
                  cells: [score(q.average), ...q.weekly.map(score)],
                }))}
              />
            }
          >
            <dl className="space-y-3">
              {d.feedback.questions.map((q) => (
                <div key={q.field} className="grid grid-cols-[1fr_auto] items-end gap-x-3 text-sm">
                  <dt>{q.question}</dt>
                  <dd className="flex items-center gap-2 tabular-nums">
                    <Sparkline values={q.weekly} max={5} />
                    {score(q.average)}
                  </dd>
                  <dd className="col-span-2 mt-1">
                    <Meter value={q.average ?? 0} max={5} />
                  </dd>
                </div>
              ))}
            </dl>
          </ChartCard>
          <ChartCard
            id="feedback-stylists"
            title="Per stylist"
            intro="Feedback names no stylist: each reply counts for the stylist on the client's latest quote before it (matched by mobile number). Replies with no such quote are left out."
            table={
              <NumbersTable
                caption="Average feedback score per stylist"
                corner="Stylist"
                columns={["Replies", "Average"]}
                rows={d.feedback.byStylist.map((s) => ({ label: s.stylist, cells: [s.n, score(s.overall)] }))}
              />
            }
          >
            {d.feedback.byStylist.length === 0 ? (
              <p className="text-sm text-muted">No feedback matched to a stylist in these weeks yet.</p>
            ) : (
              <dl className="space-y-3">
                {d.feedback.byStylist.map((s) => (
                  <div key={s.stylist} className="grid grid-cols-[1fr_auto] items-end gap-x-3 text-sm">
                    <dt>{s.stylist}</dt>
                    <dd className="tabular-nums">
                      {score(s.overall)}{" "}
                      <span className="text-muted">
                        ({s.n} {s.n === 1 ? "reply" : "replies"})
                      </span>
                    </dd>
                    <dd className="col-span-2 mt-1">
                      <Meter value={s.overall ?? 0} max={5} />
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </ChartCard>
        </div>
      </StaffSection>

      <StaffSection id="open-heading" title="Open applications" className="mb-4" headingClass="mb-3 text-2xl">
        <ChartCard
          id="open"
          title="Waiting on the salon"
          intro="Applications not archived yet, whenever they came in; feedback nobody has looked at yet."
          table={
            <NumbersTable
              caption="Open applications by status"
              corner="Kind"
              columns={[...OPEN_STATES.map(label), "All"]}
              rows={[
                {
                  label: "Job applications",
                  cells: [...d.open.jobs.map((j) => j.n), sum(d.open.jobs.map((j) => j.n))],
                },
                {
                  label: "Model applications",
                  cells: [...d.open.models.map((m) => m.n), sum(d.open.models.map((m) => m.n))],
                },
              ]}
            />
          }
        >
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Stat label="Job applications" value={sum(d.open.jobs.map((j) => j.n))} detail={breakdown(d.open.jobs)} />
            <Stat
              label="Model applications"
              value={sum(d.open.models.map((m) => m.n))}
              detail={breakdown(d.open.models)}
            />
            <Stat label="New feedback" value={d.open.newFeedback} />
          </dl>
        </ChartCard>
      </StaffSection>
    </>
  );
}

function breakdown(rows: readonly { status: string; n: number }[]): string {
  return rows.map((r) => `${r.n} ${label(r.status).toLowerCase()}`).join(", ");
}
