import { defineConfig } from "vitest/config";

/**
 * The integration suite (tests/integration): whole commands and the site's
 * deployment shapes with the real parts around them (PgBouncer, the caching
 * proxy, s3rver, several processes of the built site), against the PostgreSQL
 * at TEST_DATABASE_URL. One file at a time: each starts its own processes.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/integration/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    passWithNoTests: true,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
