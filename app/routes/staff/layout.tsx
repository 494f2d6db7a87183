import { useEffect, useId, useRef } from "react";
import { Form, isRouteErrorResponse, Link, NavLink, Outlet, useLocation } from "react-router";
import type { PageHandle } from "~/components/page-handle";
import { ConsoleStateProvider } from "~/components/staff/console-state";
import { staffDescription } from "~/components/staff/ui";
import { useDisclosure } from "~/components/use-disclosure";
import { can, ROLE_LABELS } from "~/domain/staff/access";
import { STAFF_NAV_GROUPS, STAFF_ROUTES, type StaffRouteKey, staffPath } from "~/domain/staff/routes";
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

type NavGroups = { label: string; items: readonly { key: StaffRouteKey; label: string }[] }[];

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  const { staff } = loaderData;
  const groups: NavGroups = staff
    ? STAFF_NAV_GROUPS.map((group) => ({
        label: group.label,
        items: group.items.filter(({ key }) => {
          const page = STAFF_ROUTES[key].page;
          return page !== null && page !== "public" && can(staff.role, page);
        }),
      })).filter((group) => group.items.length > 0)
    : [];
  // A new page closes the menu: the disclosure is drawn afresh, closed, for each address.
  const { pathname } = useLocation();
  const disclosure = useDisclosure();
  const main = useRef<HTMLElement>(null);
  const opened = useRef(pathname);
  useEffect(() => {
    if (opened.current === pathname) return;
    opened.current = pathname;
    // A page opened from the phone's Menu: the link that had the focus went with the menu, leaving it nowhere.
    // It goes to the new page's content, as a page load's skip link would take it; focus a page gave itself stays.
    if (document.activeElement === null || document.activeElement === document.body)
      main.current?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <div className="min-h-dvh bg-ivory">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-full focus:bg-ink focus:px-4 focus:py-2 focus:text-ivory"
      >
        Skip to content
      </a>
      <header className="border-b border-line bg-white">
        <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center justify-between gap-3 px-5 py-3 sm:px-8">
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
        {groups.length > 0 ? (
          // Escape closes it, as it closes the public site's menus (useDisclosure).
          <details ref={disclosure} key={pathname} className="mx-auto w-full max-w-7xl px-5 pb-3 sm:px-8 lg:hidden">
            <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-full border border-line px-4 font-semibold">
              Menu
            </summary>
            <ConsoleNav groups={groups} className="mt-3 grid gap-x-6 sm:grid-cols-3" />
          </details>
        ) : null}
      </header>
      <div className="mx-auto w-full max-w-7xl px-5 sm:px-8 lg:flex lg:gap-8">
        {groups.length > 0 ? <ConsoleNav groups={groups} className="hidden w-48 shrink-0 py-8 lg:block" /> : null}
        <main ref={main} id="main" tabIndex={-1} className="min-w-0 flex-1 py-8 outline-none">
          <ConsoleStateProvider>
            <Outlet />
          </ConsoleStateProvider>
        </main>
      </div>
    </div>
  );
}

/**
 * The console's pages in their groups. It is drawn twice, as a column on a
 * wide screen and inside the Menu disclosure below that width; only one of
 * the two is ever displayed, so assistive technology meets one.
 */
function ConsoleNav({ groups, className }: { groups: NavGroups; className: string }) {
  const id = useId();
  return (
    <nav aria-label="Console" className={className}>
      {groups.map((group, i) => (
        <div key={group.label} className="mb-4">
          <p id={`${id}-${i}`} className="px-3 pb-1 text-xs font-semibold tracking-wider text-muted uppercase">
            {group.label}
          </p>
          <ul aria-labelledby={`${id}-${i}`} className="text-sm">
            {group.items.map(({ key, label }) => (
              <li key={key}>
                <NavLink
                  to={staffPath(STAFF_ROUTES[key].path)}
                  end={key === "home"}
                  className={({ isActive }) =>
                    `flex min-h-11 items-center rounded-lg px-3 ${isActive ? "bg-ink text-ivory" : "hover:bg-sand"}`
                  }
                >
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
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
