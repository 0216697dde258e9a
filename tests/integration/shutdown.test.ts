/** Graceful shutdown: SIGTERM lets the requests in flight finish, then the process ends cleanly. */
import { expect, it } from "vitest";
import { sandboxPortalEnv } from "../../scripts/sandbox-env";
import { testPorts } from "../support/ports";
import { startPortal } from "../support/stack";
import { SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault } from "./sandbox-control";

// Shifted by TEST_PORT_OFFSET like every test server: checkouts running side by side must not meet on one port.
const { portalPort: PORT } = testPorts(3298, 0);

it("finishes a request in flight after SIGTERM and exits with 0", async () => {
  const { portalUrl, process } = await startPortal(sandboxPortalEnv(SANDBOX, `http://localhost:${PORT}`, "shutdown-test-session-secret-0123456789"), PORT);
  try {
    // /login's first step asks the provider for its endpoints: make that slow.
    await injectFault({ pattern: "/idp/.well-known/openid-configuration", latencyMs: 1_500 });
    const inFlight = fetch(`${portalUrl}/login`, { redirect: "manual", headers: { "User-Agent": "Mozilla/5.0 Chrome/156" } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = new Promise<number | null>((resolve) => process.child.once("exit", (code) => resolve(code)));
    process.child.kill("SIGTERM");

    const response = await inFlight;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(new RegExp(`^${SANDBOX}/idp/auth\\?`));
    expect(await exited).toBe(0);
    await expect(fetch(`${portalUrl}/healthz`)).rejects.toThrow();
  } finally {
    await clearFaultsAndCounters();
    await process.stop();
  }
});
