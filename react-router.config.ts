import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Several builds can live side by side (tests, bench); the server reads the same variable.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
