import type { Config } from "@react-router/dev/config";

/** Several builds can live side by side (tests, bench); the server reads the same variable. */
export const buildDirectory = process.env.BUILD_DIR ?? "build";

export default {
  ssr: true,
  buildDirectory,
  future: {
    v8_middleware: true,
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
