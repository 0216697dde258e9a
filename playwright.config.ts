import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_FIRST_SLOT, E2E_MAX_WORKERS, e2ePorts } from "./tests/support/ports";

/**
 * Workers: one by default; E2E_WORKERS=n runs n, each with a portal and a sandbox of its own (its slot's ports, its own
 * database), so that specs running side by side never share a sandbox. A spec file stays on one worker, its tests in
 * order.
 */
const WORKERS = Math.min(E2E_MAX_WORKERS - E2E_FIRST_SLOT, Math.max(1, Number(process.env.E2E_WORKERS ?? 1)));
/**
 * A run beside another (scripts/test-lanes.sh: most of the all-pages audit apart from the other tests) starts at a
 * slot of its own (E2E_FIRST_SLOT) and keeps its results apart (E2E_OUTPUT_DIR: a run empties its output folder when it
 * starts, which held the other run's open database).
 */
const OUTPUT_DIR = process.env.E2E_OUTPUT_DIR ?? "test-results";
/** This process's stack: a worker's own (TEST_PARALLEL_INDEX), the first slot in the runner. */
const { portalPort: PORTAL_PORT } = e2ePorts();
const TRACE_MODES = ["off", "on", "retain-on-failure", "on-first-retry", "on-all-retries", "retain-on-first-failure"] as const;
const E2E_TRACE = TRACE_MODES.find((mode) => mode === (process.env.E2E_TRACE ?? "off"));
if (!E2E_TRACE) throw new Error(`E2E_TRACE=${process.env.E2E_TRACE}: one of ${TRACE_MODES.join(", ")}`);

// Debian's Chromium where installed (CI, these machines; scripts/ensure-browser.sh): its headless shell first, the
// build Playwright runs headless tests in (the full browser opens a window per page, much slower here); elsewhere
// Playwright's own browser.
const systemChromium = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((path) => existsSync(path));

/**
 * The pages' scripts run in V8's interpreter and baseline compiler only, without its optimising compilers (Maglev,
 * TurboFan): a test's page lives for seconds, too short for optimised code to repay its compiling, which runs on the
 * renderer's threads beside the page. Measured on the staff pages' audits (6 tests; 4 pairs, each side in a cgroup,
 * one after the other on this machine): the renderers' CPU 47.4 → 39.2, 41.8 → 39.3, 52.0 → 43.8 and 39.5 → 30.5 s,
 * the whole run's 95 → 84, 90 → 88, 106 → 96 and 87 → 74 CPU-s. What a page does is the same; how fast it is on a
 * phone is bench:lighthouse's, in a browser of its own.
 */
const PAGE_SCRIPTS_UNOPTIMISED = "--js-flags=--no-opt --no-maglev";

export default defineConfig({
  testDir: "e2e",
  outputDir: OUTPUT_DIR,
  fullyParallel: false,
  workers: WORKERS,
  // A flaky test is a defect with a cause: it is fixed, never retried into green.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORTAL_PORT}`,
    // A trace records a DOM snapshot at every action: about a quarter of the suite's CPU (the browser, its compositor
    // and the test worker), on every test, for traces kept only on failure. E2E_TRACE=retain-on-failure (or on)
    // records them when a failure is to be read in the trace viewer; without, a failure prints its error and the
    // page's accessibility snapshot.
    trace: E2E_TRACE,
    // As a reader who asked for less motion: the portal's animations take 1 ms, and a toast's timer runs unseen (a
    // shown timer bar redraws for as long as the toast is up, up to 30 s for an error). e2e/toasts.spec.ts checks
    // both settings.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: systemChromium,
      args: [
        ...(systemChromium ? ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"] : []),
        PAGE_SCRIPTS_UNOPTIMISED,
      ],
    },
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true } },
    { name: "no-js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: false } },
  ],
  // One stack per worker slot.
  webServer: Array.from({ length: WORKERS }, (_, index) => {
    const slot = E2E_FIRST_SLOT + index;
    const ports = e2ePorts(slot);
    return {
      command: "node scripts/start.ts",
      url: `http://localhost:${ports.portalPort}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      // The portal's warnings and errors (LOG_LEVEL=warn below) beside the tests' lines: a sign-in that failed once
      // under load (a11y's account menu test, a fresh run at 741568c's parent) left no word of why.
      stdout: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(ports.portalPort),
        SANDBOX_PORT: String(ports.sandboxPort),
        SANDBOX_DB: `${OUTPUT_DIR}/${slot === 0 ? "e2e-sandbox" : `e2e-sandbox-${slot}`}.sqlite`,
        SANDBOX_RESET: "true",
        SANDBOX_QUIET: "true",
        SANDBOX_IMAGES_PORT: "0",
        ENABLE_DEV_PAGES: "true",
        // The specs upload many files with a few accounts (tests/integration/catalogue-upload-abuse.test.ts tests the limit).
        CATALOGUE_UPLOADS_PER_MINUTE: "100000",
        // As many invitations: the limit's own test is tests/integration/shared-store.test.ts.
        TEAM_INVITATIONS_PER_HOUR: "100000",
        LOG_LEVEL: "warn",
      },
    };
  }),
});
