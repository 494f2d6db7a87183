import { Link } from "react-router";
import { StaffHeading, staffMeta } from "~/components/staff/ui";
import { STAFF_NAV, STAFF_ROUTES, staffPath } from "~/domain/staff/routes";
import { requireStaff } from "~/server/staff/auth.server";
import type { Route } from "./+types/home";

export const meta = () => staffMeta("Console");

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "home");
  const sections = STAFF_NAV.filter(({ key }) => {
    const page = STAFF_ROUTES[key].page;
    return key !== "home" && page !== null && page !== "public" && staff.can(page);
  });
  return { name: staff.name, sections };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaffHeading title={`Hello, ${loaderData.name}`}>What would you like to look at?</StaffHeading>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.sections.map(({ key, label }) => (
          <li key={key}>
            <Link to={staffPath(STAFF_ROUTES[key].path)} className="card block p-5 text-lg hover:bg-sand">
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
