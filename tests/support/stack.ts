/**
 * Starts the portal (production build) with its own sandbox on fixed test
 * ports and a throw-away database, as child processes talking real HTTP.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type RunningProcess = { child: ChildProcess; output: () => string; stop: () => Promise<void> };

/**
 * How a process is run: `testDefaults` (on unless false) sets what the suite's servers share (LOG_LEVEL warn, and for
 * the stack its sandbox's quiet database, dev pages and lifted upload limit); a benchmark that runs the portal as
 * deployed turns them off and passes every setting itself. `outputKept` keeps only the last so many characters of the
 * output (all by default).
 */
export type RunOptions = { testDefaults?: boolean; outputKept?: number };

function run(script: string, env: Record<string, string>, nodeArgs: string[] = [], scriptArgs: string[] = [], options: RunOptions = {}): RunningProcess {
  const defaults = options.testDefaults === false ? {} : { LOG_LEVEL: "warn" };
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, script), ...scriptArgs], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", ...defaults, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (options.outputKept !== undefined && output.length > 2 * options.outputKept) output = output.slice(-options.outputKept);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { child, output: () => output, stop };
}

/** Waits until `url` answers; a `process` that has not answered in time is stopped, so that nothing is left behind. */
export async function waitForHttp(url: string, timeoutMs = 60_000, process?: RunningProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (process && process.child.exitCode !== null) throw new Error(`Process exited before ${url} answered:\n${process.output()}`);
    if (Date.now() > deadline) {
      await process?.stop();
      throw new Error(`${url} did not answer within ${timeoutMs} ms\n${process?.output() ?? ""}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export type Stack = { portalUrl: string; sandboxUrl: string; process: RunningProcess };

/**
 * Portal + sandbox via scripts/start.ts, as `npm start` runs them. `nodeArgs`
 * go to the portal's node only (e.g. --cpu-prof, which NODE_OPTIONS refuses).
 */
export async function startStack(
  options: { portalPort: number; sandboxPort: number; extraEnv?: Record<string, string>; nodeArgs?: string[] } & RunOptions,
): Promise<Stack> {
  const dir = mkdtempSync(path.join(tmpdir(), "seller-portal-test-"));
  const portalUrl = `http://localhost:${options.portalPort}`;
  const sandboxUrl = `http://127.0.0.1:${options.sandboxPort}`;
  const testDefaults: Record<string, string> =
    options.testDefaults === false
      ? {}
      : {
          ENABLE_DEV_PAGES: "true",
          // The suite plays many sellers' uploads and invitations with a few accounts; the limits' own tests set them low.
          CATALOGUE_UPLOADS_PER_MINUTE: "100000",
          TEAM_INVITATIONS_PER_HOUR: "100000",
        };
  const process = run(
    "scripts/start.ts",
    {
      PORT: String(options.portalPort),
      SANDBOX_PORT: String(options.sandboxPort),
      SANDBOX_DB: path.join(dir, "sandbox.sqlite"),
      SANDBOX_RESET: "true",
      SANDBOX_QUIET: "true",
      // Any free port: the fixed ones of several stacks side by side would meet.
      SANDBOX_IMAGES_PORT: "0",
      ...testDefaults,
      ...options.extraEnv,
    },
    options.nodeArgs,
    [],
    options,
  );
  await waitForHttp(`${portalUrl}/healthz`, 60_000, process);
  return { portalUrl, sandboxUrl, process };
}

/** The portal alone, with the given configuration (e.g. pointing at a sandbox that is not there) and node's flags. */
export async function startPortal(
  env: Record<string, string>,
  port: number,
  nodeArgs: string[] = [],
  options: RunOptions = {},
): Promise<{ portalUrl: string; process: RunningProcess }> {
  const process = run("server.ts", { PORT: String(port), ...env }, nodeArgs, [], options);
  const portalUrl = `http://localhost:${port}`;
  await waitForHttp(`${portalUrl}/healthz`, 30_000, process);
  return { portalUrl, process };
}

/** The sandbox alone on a throw-away database, for portals a test starts itself (e.g. several behind nginx). */
export async function startSandbox(options: { port: number; portalUrls: string[]; log?: boolean }): Promise<{ sandboxUrl: string; process: RunningProcess }> {
  const dir = mkdtempSync(path.join(tmpdir(), "seller-portal-sandbox-"));
  const args = [
    "--port",
    String(options.port),
    "--db",
    path.join(dir, "sandbox.sqlite"),
    "--reset",
    ...options.portalUrls.flatMap((url) => ["--portal-url", url]),
  ];
  const process = run("sandbox/main.ts", {}, [], options.log ? args : [...args, "--quiet"]);
  const sandboxUrl = `http://127.0.0.1:${options.port}`;
  // As long as the stack's: on a busy machine the sandbox's start (its seed) has taken more than 30 s.
  await waitForHttp(`${sandboxUrl}/__sandbox/health`, 60_000, process);
  return { sandboxUrl, process };
}
