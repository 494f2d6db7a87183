import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "http/**/*.test.ts",
      "commands/**/*.test.ts",
      "deploy/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    environment: "node",
    globalSetup: ["app/server/test-databases.setup.ts"],
    // Vitest leaves a core free by default, which on a two-core machine means one file at a time. The data-layer
    // files spend much of their time waiting on PostgreSQL, so a file per core took the suite from 561 s to 322 s.
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
