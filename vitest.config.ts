import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: the reactRouter() plugin breaks component tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  define: { __BUILD_ID__: JSON.stringify("test-build") },
  test: {
    include: ["tests/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
