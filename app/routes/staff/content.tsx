import { Link } from "react-router";
import { StaffHeading, staffMeta } from "~/components/staff/ui";
import { CONTENT_SCREENS, STAFF_ROUTES, staffPath } from "~/domain/staff/routes";
import { requireStaff } from "~/server/staff/auth.server";
import type { Route } from "./+types/content";

export const meta = () => staffMeta("Site content");

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "content");
  return {
    screens: CONTENT_SCREENS.filter(({ key }) => {
      const page = STAFF_ROUTES[key].page;
      return page !== null && page !== "public" && staff.can(page);
    }),
  };
}

export default function Content({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaffHeading title="Site content">
        What visitors read and see on the site. A change shows on the site as soon as it is saved.
      </StaffHeading>
      {loaderData.screens.length === 0 ? (
        <p>There is nothing here to change yet.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.screens.map(({ key, label, description }) => (
            <li key={key}>
              <Link to={staffPath(STAFF_ROUTES[key].path)} className="card block h-full p-5 hover:bg-sand">
                <span className="block text-lg font-semibold">{label}</span>
                <span className="mt-1 block text-muted">{description}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
