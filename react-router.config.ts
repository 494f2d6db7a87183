import type { Config } from "@react-router/dev/config";

/** Several builds can live side by side (tests, bench); the server reads the same variable. */
export const buildDirectory = process.env.BUILD_DIR ?? "build";

export default {
  ssr: true,
  buildDirectory,
} satisfies Config;
