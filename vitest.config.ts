import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: the reactRouter() plugin breaks component tests.
export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify("test-build") },
  test: {
    testTimeout: 20_000,
    hookTimeout: 90_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "tests/components/**/*.test.tsx", "tests/sandbox/**/*.test.ts"],
          environment: "node",
          sequence: { groupOrder: 2 },
        },
      },
      {
        // Loaders and actions over real HTTP: the built portal and its sandbox as child processes.
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          setupFiles: ["tests/integration/file-setup.ts"],
          fileParallelism: false,
          // Before the unit files: `npm test` runs vitest beside Playwright, and the integration files, which mostly
          // wait on HTTP, then share the browser tests' first minutes instead of the unit files' two busy workers.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
