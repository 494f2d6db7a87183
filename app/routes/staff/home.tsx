import type { ReactNode } from "react";
import { Link } from "react-router";
import { AlertDestinations } from "~/components/staff/alert-destinations";
import { AuditSentence } from "~/components/staff/audit-sentence";
import { StaffHeading, staffMeta, When } from "~/components/staff/ui";
import { firstNameOf } from "~/domain/first-visit-offer";
import { formatGBP } from "~/domain/format";
import { leadAge } from "~/domain/lead-age";
import { COLOUR_CHECK_DAYS, colourFlagWords } from "~/domain/skin-test";
import { STAFF_NAV, STAFF_ROUTES, type StaffRouteKey, staffPath } from "~/domain/staff/routes";
import { todayWindows } from "~/domain/staff/today";
import { now } from "~/server/clock.server";
import { requestContext } from "~/server/request-context.server";
import { audit, auditEntries } from "~/server/staff/audit.server";
import { requireStaff } from "~/server/staff/auth.server";
import { loadWaiting } from "~/server/staff/dashboard.server";
import { needsReply } from "~/server/staff/leads.server";
import { alertDestinations } from "~/server/staff/salons.server";
import { colourAppointmentsToCheck } from "~/server/staff/skin-tests.server";
import { recentSiteChanges, SITE_CHANGES, todaysFigures } from "~/server/staff/today.server";
import type { Route } from "./+types/home";

export const meta = () => staffMeta("Console");

/** What each count on a section's card means. */
const WAITING_WORDS = {
  leads: "new",
  jobs: "new",
  models: "new",
  feedbackList: "new",
  messages: "not sent",
} as const;
type Waiting = keyof typeof WAITING_WORDS;
const isWaiting = (key: string): key is Waiting => key in WAITING_WORDS;

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "home");
  const db = args.context.get(requestContext).db;
  const at = now();
  const windows = todayWindows(at);
  // Each figure only for a role that may open its list (app/domain/staff/access.ts).
  const wanted = {
    quotes: staff.can("leads.view"),
    applications: staff.can("applications.view"),
    feedback: staff.can("feedback.view"),
    bookings: staff.can("bookings.review"),
  };
  // Changes to what visitors see for those who edit it; the settings' own changes for those who manage them.
  const changeActions = SITE_CHANGES.filter((action) =>
    staff.can(action.startsWith("settings.") ? "settings.manage" : "content.edit"),
  );
  // The console opens on the leads nobody has replied to yet, oldest first: read with the rest, at once.
  const [waiting, figures, changes, leads, alerts, colourChecks] = await Promise.all([
    loadWaiting(db, staff.scope),
    Object.values(wanted).some(Boolean) ? todaysFigures(db, windows, wanted, staff.scope) : null,
    // Each change in words, with what it changed as it is now: read as soon as the changes are.
    changeActions.length > 0
      ? recentSiteChanges(db, staff.scope, 8, changeActions).then((rows) => auditEntries(db, staff, rows))
      : null,
    staff.can("leads.view") ? needsReply(db, staff.scope) : null,
    // Where new-lead alerts go, for those who can change it on the salons screen.
    staff.can("content.edit") ? alertDestinations(db, staff.scope) : null,
    // The front desk's morning check: colour booked in the next days that no skin test covers.
    staff.can("leads.view") ? colourAppointmentsToCheck(db, staff.scope, windows.day) : null,
  ]);
  // The lists show clients' names: a look at them is recorded like a look at the leads list, in one statement.
  const looks = [
    leads && leads.length > 0 ? `Needs a reply on the console home (${leads.length})` : null,
    colourChecks && colourChecks.length > 0
      ? `Skin tests to sort out on the console home (${colourChecks.length})`
      : null,
  ].filter((summary) => summary !== null);
  await audit(
    db,
    staff,
    looks.map((summary) => ({ action: "quote.list", summary })),
  );
  const sections = STAFF_NAV.filter(({ key }) => {
    const page = STAFF_ROUTES[key].page;
    return key !== "home" && page !== null && page !== "public" && staff.can(page);
  }).map(({ key, label }) => ({
    key,
    label,
    waiting: isWaiting(key) && waiting[key] > 0 ? `${waiting[key]} ${WAITING_WORDS[key]}` : null,
  }));
  return {
    name: staff.name,
    role: staff.role,
    alerts,
    sections,
    needsReply: leads?.map((lead) => ({
      href: staffPath(`leads/${lead.id}`),
      who: lead.firstName || "A client",
      salon: lead.salon,
      age: leadAge(lead.createdAt, at),
      at: lead.createdAt.toISOString(),
    })),
    moreNew: leads ? Math.max(0, waiting.leads - leads.length) : 0,
    colourChecks: colourChecks?.map((c) => ({
      key: `${c.quoteId}-${c.startsAt.getTime()}`,
      href: staffPath(`leads/${c.quoteId}`),
      who: firstNameOf(c.name) || "A client",
      salon: c.salon,
      flag: colourFlagWords(c.readiness, c.startsAt),
    })),
    today: figures && {
      day: windows.day,
      weekday: windows.weekday,
      time: windows.time,
      ...figures,
      wanted,
      leadsHref: `${staffPath(STAFF_ROUTES.leads.path)}?from=${windows.day}&to=${windows.day}`,
    },
    changes,
  };
}

/** One of today's figures beside the same stretch of the same weekday last week. */
function Figure(props: {
  label: string;
  href: string;
  value: ReactNode;
  before: ReactNode;
  weekday: string;
  time: string;
}) {
  return (
    <div className="card p-4">
      <dt>
        <Link to={props.href} className="font-semibold underline">
          {props.label}
        </Link>
      </dt>
      <dd className="mt-1 text-3xl font-semibold">{props.value}</dd>
      <dd className="mt-1 text-sm text-muted">
        Last {props.weekday} by {props.time}: {props.before}
      </dd>
    </div>
  );
}

const path = (key: StaffRouteKey) => staffPath(STAFF_ROUTES[key].path);

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaffHeading title={`Hello, ${loaderData.name}`}>What would you like to look at?</StaffHeading>
      {loaderData.needsReply ? (
        <section aria-labelledby="needs-reply-heading" className="card mb-6 p-5">
          <h2 id="needs-reply-heading" className="mb-3 text-2xl">
            Needs a reply
          </h2>
          {loaderData.needsReply.length === 0 ? (
            <p className="text-muted">Nothing waiting: every quote has had a reply.</p>
          ) : (
            <>
              <p className="mb-3 text-muted">Quotes still New, oldest first. Change a lead's status once you reply.</p>
              <ol className="divide-y divide-line">
                {loaderData.needsReply.map((lead) => (
                  <li key={lead.href} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                    <Link to={lead.href} className="font-semibold underline">
                      {lead.who}
                    </Link>
                    <span className="text-muted">{lead.salon}</span>
                    <span>
                      waiting <time dateTime={lead.at}>{lead.age}</time>
                    </span>
                  </li>
                ))}
              </ol>
              {loaderData.moreNew > 0 ? (
                <p className="mt-3">
                  <Link to={`${staffPath(STAFF_ROUTES.leads.path)}?status=new`} className="underline">
                    {loaderData.moreNew} more new {loaderData.moreNew === 1 ? "quote" : "quotes"}
                  </Link>
                </p>
              ) : null}
            </>
          )}
        </section>
      ) : null}
      {loaderData.colourChecks ? (
        <section aria-labelledby="skin-tests-heading" className="card mb-6 p-5">
          <h2 id="skin-tests-heading" className="mb-3 text-2xl">
            Skin tests to sort out
          </h2>
          {loaderData.colourChecks.length === 0 ? (
            <p className="text-muted">
              Every colour booked for the next {COLOUR_CHECK_DAYS} days has a skin test in time.
            </p>
          ) : (
            <>
              <p className="mb-3 text-muted">
                Colour booked for the next {COLOUR_CHECK_DAYS} days with no skin test at least 48 hours before, or one
                that has run out. Call the client before the day.
              </p>
              <ol className="divide-y divide-line" data-testid="colour-checks">
                {loaderData.colourChecks.map((check) => (
                  <li key={check.key} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                    <Link to={check.href} className="font-semibold underline">
                      {check.who}
                    </Link>
                    <span className="text-muted">{check.salon}</span>
                    <span>{check.flag}</span>
                  </li>
                ))}
              </ol>
            </>
          )}
        </section>
      ) : null}
      {loaderData.alerts ? (
        <section aria-labelledby="alerts-heading" className="card mb-6 p-5">
          <h2 id="alerts-heading" className="mb-3 text-2xl">
            Where new-lead alerts go
          </h2>
          <AlertDestinations salons={loaderData.alerts} owners={loaderData.role === "owner" ? "you" : "the owners"} />
        </section>
      ) : null}
      {loaderData.today ? <Today today={loaderData.today} /> : null}
      {loaderData.changes ? (
        <section aria-labelledby="changes-heading" className="card mb-6 p-5">
          <h2 id="changes-heading" className="mb-3 text-2xl">
            What changed on the site
          </h2>
          {loaderData.changes.length === 0 ? (
            <p className="text-muted">Nothing has been changed from the console yet.</p>
          ) : (
            <ol className="divide-y divide-line" aria-label="Latest changes, newest first">
              {loaderData.changes.map((change) => (
                <li key={change.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                  <span>
                    <AuditSentence parts={change.sentence} />
                  </span>
                  <span className="text-sm text-muted">
                    <When at={change.at} />
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : null}
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.sections.map(({ key, label, waiting }) => (
          <li key={key}>
            <Link
              to={staffPath(STAFF_ROUTES[key].path)}
              className="card flex items-center justify-between gap-3 p-5 text-lg hover:bg-sand"
            >
              <span>{label}</span>
              {waiting ? (
                <span className="rounded-full bg-ink px-3 py-0.5 text-sm font-semibold text-ivory">{waiting}</span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

function Today({ today }: { today: NonNullable<Route.ComponentProps["loaderData"]["today"]> }) {
  const { wanted, weekday, time } = today;
  const same = { weekday, time };
  return (
    <section aria-labelledby="today-heading" className="mb-6">
      <h2 id="today-heading" className="mb-3 text-2xl">
        Today so far
      </h2>
      <dl className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-4">
        {wanted.quotes ? (
          <Figure
            label="Saved quotes"
            href={today.leadsHref}
            value={
              <>
                {today.today.quotes}
                <span className="ml-2 text-lg font-normal">{formatGBP(today.today.quotePence)}</span>
              </>
            }
            before={`${today.lastWeek.quotes}, ${formatGBP(today.lastWeek.quotePence)}`}
            {...same}
          />
        ) : null}
        {wanted.bookings ? (
          <Figure
            label="Matched bookings"
            href={path("bookings")}
            value={today.today.bookings}
            before={today.lastWeek.bookings}
            {...same}
          />
        ) : null}
        {wanted.applications ? (
          <Figure
            label="New applications"
            href={path("jobs")}
            value={today.today.applications}
            before={today.lastWeek.applications}
            {...same}
          />
        ) : null}
        {wanted.feedback ? (
          <Figure
            label="New feedback"
            href={path("feedbackList")}
            value={today.today.feedback}
            before={today.lastWeek.feedback}
            {...same}
          />
        ) : null}
      </dl>
    </section>
  );
}
