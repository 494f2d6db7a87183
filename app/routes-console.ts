import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";
import { STAFF_ROUTES } from "./domain/staff/routes";

/**
 * The staff console's route table, everything under /staff: built on its own
 * (`SITE_PART=console`, into BUILD_DIR/console) and served by the console's
 * request handler, which the HTTP app mounts at /staff (http/app.ts).
 *
 * To add a console page: add it to `STAFF_ROUTES` in app/domain/staff/routes.ts
 * (its path under /staff, its module under app/routes/staff/ and the permission
 * that opens it): this table is built from it. A console address outside that
 * table (an export, a resource route) goes in the `prefix("staff", …)` list below.
 * Nothing outside /staff belongs here: the public handler never sees /staff.
 */
export const consoleRoutes = [
  ...prefix("staff", [
    layout("routes/staff/layout.tsx", [
      ...Object.entries(STAFF_ROUTES).map(([key, r]) =>
        r.path === "" ? index(r.file, { id: `staff-${key}` }) : route(r.path, r.file, { id: `staff-${key}` }),
      ),
    ]),
    // An unknown console address goes to the home page, as any unknown address does.
    route("*", "routes/not-found.ts", { id: "staff-not-found" }),
  ]),
] satisfies RouteConfig;
