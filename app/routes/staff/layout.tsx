import { Form, isRouteErrorResponse, Link, NavLink, Outlet } from "react-router";
import type { PageHandle } from "~/components/page-handle";
import { ConsoleStateProvider } from "~/components/staff/console-state";
import { staffDescription } from "~/components/staff/ui";
import { can, ROLE_LABELS } from "~/domain/staff/access";
import { STAFF_NAV, STAFF_ROUTES, staffPath } from "~/domain/staff/routes";
import { currentStaff } from "~/server/staff/auth.server";
import type { Route } from "./+types/layout";

/** Who is signed in, for the header and the navigation only: each page's own loader does the checking. */
export async function loader(args: Route.LoaderArgs) {
  const staff = await currentStaff(args);
  return { staff: staff ? { name: staff.name, role: staff.role } : null };
}

/**
 * Every console page, the sign-in pages included, is a React app in the
 * browser (decision 061): saves, filters and reorders answer without a page
 * load, and the passkey button, the blog's live preview and the photo fields
 * are React components. Each page still renders on the server and works
 * without JavaScript as plain forms and links.
 */
export const handle: PageHandle = { hydrate: true };

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  const { staff } = loaderData;
  const sections = staff
    ? STAFF_NAV.filter(({ key }) => {
        const page = STAFF_ROUTES[key].page;
        return page !== null && page !== "public" && can(staff.role, page);
      })
    : [];
  return (
    <div className="min-h-dvh bg-ivory">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-full focus:bg-ink focus:px-4 focus:py-2 focus:text-ivory"
      >
        Skip to content
      </a>
      <header className="border-b border-line bg-white">
        <div className="container-page flex flex-wrap items-center justify-between gap-3 py-3">
          <Link to={staffPath("")} className="font-display text-lg tracking-[0.12em]">
            MAISON IVY <span className="text-sm tracking-normal text-muted">staff</span>
          </Link>
          {staff ? (
            <div className="flex items-center gap-3 text-sm">
              <span>
                {staff.name} · {ROLE_LABELS[staff.role]}
              </span>
              <Form method="post" action={staffPath("sign-out")}>
                <button type="submit" name="intent" value="sign-out" className="underline underline-offset-2">
                  Sign out
                </button>
              </Form>
            </div>
          ) : null}
        </div>
        {sections.length > 0 ? (
          <nav aria-label="Console" className="container-page overflow-x-auto">
            <ul className="flex gap-1 pb-2 text-sm whitespace-nowrap">
              {sections.map(({ key, label }) => (
                <li key={key}>
                  <NavLink
                    to={staffPath(STAFF_ROUTES[key].path)}
                    end={key === "home"}
                    className={({ isActive }) =>
                      `inline-flex min-h-11 items-center rounded-full px-3 ${isActive ? "bg-ink text-ivory" : "hover:bg-sand"}`
                    }
                  >
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className="container-page py-8 outline-none">
        <ConsoleStateProvider>
          <Outlet />
        </ConsoleStateProvider>
      </main>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title =
    status === 403
      ? "Not for your role"
      : status === 404
        ? "Not found"
        : status < 500
          ? "That didn't work"
          : "Something went wrong";
  const message =
    isRouteErrorResponse(error) && typeof error.data?.error === "string"
      ? error.data.error
      : "Please go back and try again.";
  return (
    <main id="main" className="container-page py-16">
      <title>{`${title} | Maison Ivy staff`}</title>
      <meta name="description" content={staffDescription(title)} />
      <meta name="robots" content="noindex, nofollow" />
      <h1 className="text-3xl">{title}</h1>
      <p className="mt-4 text-muted">{message}</p>
      <Link to={staffPath("")} className="btn-primary mt-8">
        Back to the console
      </Link>
    </main>
  );
}
