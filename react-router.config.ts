import type { Config } from "@react-router/dev/config";
import { buildDirectory, consoleBuildDirectory } from "./app/server/build-dir.js";

export default {
  ssr: true,
  // The console knows all its routes from its first load (one cached file, about 6 kB compressed) instead of
  // asking the server for the routes of each link it shows: no request before a navigation, and no partial route
  // table for the server to work out on every console page (decision 098). Public pages load no router at all.
  routeDiscovery: { mode: "initial" },
  // Several builds can live side by side (tests, bench): BUILD_DIR, which the server and its commands read too.
  // The console's own build (SITE_PART=console, app/routes.ts) goes into its folder inside the site's.
  buildDirectory: process.env.SITE_PART === "console" ? consoleBuildDirectory() : buildDirectory(),
  future: {
    v8_middleware: true,
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
