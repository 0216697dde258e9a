import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { testPorts } from "./tests/support/ports";

const { portalPort: PORTAL_PORT, sandboxPort: SANDBOX_PORT } = testPorts(3100, 4100);

// Debian's Chromium where installed (CI, these machines); elsewhere Playwright's own browser.
const systemChromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((path) => existsSync(path));

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  // A flaky test is a defect with a cause: it is fixed, never retried into green.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORTAL_PORT}`,
    trace: "retain-on-failure",
    launchOptions: systemChromium
      ? {
          executablePath: systemChromium,
          args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
        }
      : {},
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true } },
    { name: "no-js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node scripts/start.ts",
    url: `http://localhost:${PORTAL_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: "production",
      PORT: String(PORTAL_PORT),
      SANDBOX_PORT: String(SANDBOX_PORT),
      SANDBOX_DB: "test-results/e2e-sandbox.sqlite",
      SANDBOX_RESET: "true",
      SANDBOX_QUIET: "true",
      ENABLE_DEV_PAGES: "true",
      // The specs upload many files with a few accounts (tests/integration/catalogue-upload-abuse.test.ts tests the limit).
      CATALOGUE_UPLOADS_PER_MINUTE: "100000",
      LOG_LEVEL: "warn",
    },
  },
});
