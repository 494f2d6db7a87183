import type { Config } from "@react-router/dev/config";
import { buildDirectory } from "./app/server/build-dir.js";

export default {
  ssr: true,
  // Several builds can live side by side (tests, bench): BUILD_DIR, which the server and its commands read too.
  buildDirectory: buildDirectory(),
  future: {
    v8_middleware: true,
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
