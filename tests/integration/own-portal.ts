/**
 * A portal of a test file's own, beside the suite's, so that the file can read
 * what that portal logs; its sandbox is the suite's. Started before the
 * file's tests and stopped after them.
 */
import { afterAll, beforeAll } from "vitest";
import { sandboxPortalEnv } from "../../scripts/sandbox-env";
import { testPorts } from "../support/ports";
import { startPortal, type RunningProcess } from "../support/stack";
import { SANDBOX } from "./ports";

export function ownPortal(basePort: number): { url: () => string; errorLines: () => string[] } {
  let portal: { portalUrl: string; process: RunningProcess } | undefined;
  beforeAll(async () => {
    const { portalPort } = testPorts(basePort, 0);
    const env = sandboxPortalEnv(SANDBOX, `http://localhost:${portalPort}`, "integration-test-session-secret-0123456789");
    portal = await startPortal(env, portalPort);
  });
  afterAll(async () => {
    await portal?.process.stop();
  });
  return {
    url: () => portal!.portalUrl,
    /** The log lines at error level (pino's 50) so far. */
    errorLines: () =>
      portal!.process
        .output()
        .split("\n")
        .filter((line) => line.includes('"level":50')),
  };
}
