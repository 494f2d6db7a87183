import { Link } from "react-router";
import { StaffHeading, staffMeta } from "~/components/staff/ui";
import { leadAge } from "~/domain/lead-age";
import { STAFF_NAV, STAFF_ROUTES, staffPath } from "~/domain/staff/routes";
import { now } from "~/server/clock.server";
import { requestContext } from "~/server/request-context.server";
import { audit } from "~/server/staff/audit.server";
import { requireStaff } from "~/server/staff/auth.server";
import { loadWaiting } from "~/server/staff/dashboard.server";
import { needsReply } from "~/server/staff/leads.server";
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
  const waiting = await loadWaiting(db);
  // The console opens on the leads nobody has replied to yet, oldest first.
  const leads = staff.can("leads.view") ? await needsReply(db) : null;
  // The list shows clients' names: a look at it is recorded like a look at the leads list.
  if (leads && leads.length > 0)
    await audit(db, staff, { action: "quote.list", summary: `Needs a reply on the console home (${leads.length})` });
  const at = now();
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
    sections,
    needsReply: leads?.map((lead) => ({
      href: staffPath(`leads/${lead.id}`),
      who: lead.firstName || "A client",
      salon: lead.salon,
      age: leadAge(lead.createdAt, at),
      at: lead.createdAt.toISOString(),
    })),
    moreNew: leads ? Math.max(0, waiting.leads - leads.length) : 0,
  };
}

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
