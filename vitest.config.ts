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
        test: { name: "unit", include: ["tests/unit/**/*.test.ts", "tests/components/**/*.test.tsx", "tests/sandbox/**/*.test.ts"], environment: "node" },
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
        },
      },
    ],
  },
});
