import { defineConfig } from "vitest/config";

/**
 * The fault suite (tests/faults): the built site as a child process against
 * the PostgreSQL at TEST_DATABASE_URL, with faults caused for real. One file
 * at a time, so the machine's two cores are not what is being measured.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/faults/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
