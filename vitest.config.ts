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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
