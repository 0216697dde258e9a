import { defineConfig } from "vitest/config";

const UNIT_FILES = ["tests/unit/**/*.test.ts", "tests/components/**/*.test.tsx", "tests/sandbox/**/*.test.ts"];
/** Unit files that replace modules (vi.mock) or reset the module registry (vi.resetModules). */
const ISOLATED_UNIT_FILES = ["tests/unit/catalogue-stored-file.test.ts", "tests/unit/chunk-leases.test.ts"];
/**
 * Integration files that start every server they talk to (portal, sandbox, shared store, nginx), never the suite's
 * shared portal and sandbox, and wait much of their time (a lease to lapse, the services to come back, a limit's
 * window): `npm test` runs them in a vitest process of their own beside the other files (scripts/test-lanes.sh). It
 * took a minute off the vitest lane and evened the two lanes, not the total: the suite is CPU-bound.
 */
const INTEGRATION_APART_FILES = [
  "tests/integration/catalogue-images-restart.test.ts",
  "tests/integration/deploy.test.ts",
  "tests/integration/outage.test.ts",
  "tests/integration/shared-store.test.ts",
];

// Kept apart from vite.config.ts: the reactRouter() plugin breaks component tests.
export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify("test-build") },
  test: {
    testTimeout: 20_000,
    hookTimeout: 90_000,
    projects: [
      {
        // One module graph for all the unit files (isolate: false): each file importing the portal's modules afresh cost
        // about three quarters of this project's CPU (290 CPU-seconds against 69, measured). The files restore what they
        // stub (unstubAllGlobals, useRealTimers in afterEach); the files that replace modules run isolated, below.
        extends: true,
        test: {
          name: "unit",
          include: UNIT_FILES,
          exclude: ISOLATED_UNIT_FILES,
          environment: "node",
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        // vi.mock and vi.resetModules act on the module graph: these files get one of their own.
        extends: true,
        test: {
          name: "unit-isolated",
          include: ISOLATED_UNIT_FILES,
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
          exclude: INTEGRATION_APART_FILES,
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          setupFiles: ["tests/integration/file-setup.ts"],
          fileParallelism: false,
          // Before the unit files: `npm test` runs vitest beside Playwright, and the integration files, which mostly
          // wait on HTTP, then share the browser tests' first minutes instead of the unit files' two busy workers.
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Their own servers: no shared stack to start, no shared sandbox to clear.
        extends: true,
        test: {
          name: "integration-apart",
          include: INTEGRATION_APART_FILES,
          environment: "node",
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
