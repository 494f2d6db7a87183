import { Link } from "react-router";
import { StaffHeading, staffMeta } from "~/components/staff/ui";
import { STAFF_NAV, STAFF_ROUTES, staffPath } from "~/domain/staff/routes";
import { requestContext } from "~/server/request-context.server";
import { requireStaff } from "~/server/staff/auth.server";
import { loadWaiting } from "~/server/staff/dashboard.server";
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
  const waiting = await loadWaiting(args.context.get(requestContext).db);
  const sections = STAFF_NAV.filter(({ key }) => {
    const page = STAFF_ROUTES[key].page;
    return key !== "home" && page !== null && page !== "public" && staff.can(page);
  }).map(({ key, label }) => ({
    key,
    label,
    waiting: isWaiting(key) && waiting[key] > 0 ? `${waiting[key]} ${WAITING_WORDS[key]}` : null,
  }));
  return { name: staff.name, sections };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaffHeading title={`Hello, ${loaderData.name}`}>What would you like to look at?</StaffHeading>
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
