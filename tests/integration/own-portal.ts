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

/** `extraEnv` adds to or overrides the portal's configuration (e.g. tighter server limits). */
export function ownPortal(
  basePort: number,
  extraEnv: Record<string, string> = {},
): { url: () => string; errorLines: () => string[]; warnLines: () => string[] } {
  let portal: { portalUrl: string; process: RunningProcess } | undefined;
  beforeAll(async () => {
    const { portalPort } = testPorts(basePort, 0);
    const env = sandboxPortalEnv(SANDBOX, `http://localhost:${portalPort}`, "integration-test-session-secret-0123456789");
    portal = await startPortal({ ...env, ...extraEnv }, portalPort);
  });
  afterAll(async () => {
    await portal?.process.stop();
  });
  return {
    url: () => portal!.portalUrl,
    /** The log lines at error level (pino's 50) so far. */
    errorLines: () => linesAt(portal!.process.output(), 50),
    /** The log lines at warn level (pino's 40) so far. */
    warnLines: () => linesAt(portal!.process.output(), 40),
  };
}

function linesAt(output: string, level: number): string[] {
  return output.split("\n").filter((line) => line.includes(`"level":${level}`));
}
