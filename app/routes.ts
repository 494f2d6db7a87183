import type { RouteConfig } from "@react-router/dev/routes";
import { consoleRoutes } from "./routes-console";
import { publicRoutes } from "./routes-public";

/**
 * The route table React Router builds, by SITE_PART (set by scripts/build.js,
 * which `npm run build` runs): `public` builds the public site
 * (./routes-public.ts) into BUILD_DIR, `console` the staff console
 * (./routes-console.ts) into BUILD_DIR/console, each with its own request
 * handler (http/app.ts). Unset, as in development (`npm run dev`) and for
 * `react-router typegen`, both tables are one, served by one handler.
 *
 * A new route goes in one of the two tables, never here: a public page, API
 * answer or resource route in ./routes-public.ts, a console page in
 * STAFF_ROUTES (app/domain/staff/routes.ts), which ./routes-console.ts builds on.
 */
const part = process.env.SITE_PART;
export default (part === "console"
  ? consoleRoutes
  : part === "public"
    ? publicRoutes
    : [...publicRoutes, ...consoleRoutes]) satisfies RouteConfig;
