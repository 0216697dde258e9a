/**
 * The portal as deployed, for every benchmark: the image's Node flags and environment, read from the Dockerfile's
 * last stage (its ENV and CMD), and the settings the Kubernetes manifests give it (deploy/kubernetes: the ConfigMap's
 * LOG_LEVEL and the container's memory limit). A benchmark starts the portal through this module, names each setting
 * it changes and why, and prints them all before its figures, so that nothing measured here differs silently from
 * what production runs. Addresses (ports, URLs, trusted proxies, secrets) say where the portal and its services are,
 * not how it runs: they are the benchmark's own and are not listed. tests/integration/deploy.test.ts holds
 * `npm start` to the same flags.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseAllDocuments } from "yaml";
import { parseEnv, type PortalEnv } from "../../app/services/config/env.server.ts";
import { complete } from "../../tests/support/portal-env.ts";
import { startPortal, startStack, type RunningProcess, type Stack } from "../../tests/support/stack.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The Dockerfile's last stage: the image that runs. */
function imageSettings(): { env: Record<string, string>; nodeArgs: string[] } {
  const dockerfile = readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
  const stage = dockerfile.split(/^FROM /m).at(-1)!;
  const env = Object.fromEntries(
    [...stage.matchAll(/^ENV (.+)$/gm)].flatMap(([, line]) => [...line!.matchAll(/\b([A-Z_]+)=(\S+)/g)].map(([, name, value]) => [name!, value!])),
  );
  const command = JSON.parse(/^CMD (\[.*\])$/m.exec(stage)![1]!) as string[];
  // The image's NODE_OPTIONS go on the command line here: NODE_OPTIONS refuses some of the command's V8 flags.
  const nodeArgs = [...(env.NODE_OPTIONS?.split(" ") ?? []), ...command.slice(1, -1)];
  delete env.NODE_OPTIONS;
  delete env.PORT;
  return { env, nodeArgs };
}

/** What deploy/kubernetes adds to the image: the ConfigMap's LOG_LEVEL and the portal container's memory limit. */
function clusterSettings(): { logLevel: string; memoryLimit: string | undefined } {
  const read = (file: string) => parseAllDocuments(readFileSync(path.join(ROOT, "deploy/kubernetes", file), "utf8")).map((document) => document.toJS());
  const configMap = read("configmap.yaml").find((manifest) => manifest?.kind === "ConfigMap") as { data: Record<string, string> };
  const deployment = read("deployment.yaml").find((manifest) => manifest?.kind === "Deployment") as {
    spec: { template: { spec: { containers: { name: string; resources?: { limits?: { memory?: string } } }[] } } };
  };
  const container = deployment.spec.template.spec.containers.find((entry) => entry.name === "portal");
  return { logLevel: configMap.data.LOG_LEVEL!, memoryLimit: container?.resources?.limits?.memory };
}

const image = imageSettings();
const cluster = clusterSettings();

/** The image's Node flags (heap ceiling, heap growth), as `node`'s own arguments. */
export const DEPLOYED_NODE_ARGS = image.nodeArgs;
/** The image's glibc setting (arenas). */
export const DEPLOYED_ENV = { MALLOC_ARENA_MAX: image.env.MALLOC_ARENA_MAX! };

/**
 * Every setting the portal runs with as deployed. The portal's own defaults (env.server.ts) stand for everything not
 * named here: a benchmark passes nothing else unless it lists it as a change. LOG_LEVEL info writes a JSON line per
 * request to stdout, which the benchmark's pipe takes and drops, as a container's log driver takes it.
 */
const DEPLOYED_SETTINGS: Record<string, string> = { ...image.env, LOG_LEVEL: cluster.logLevel };

/** What the deployed portal runs with for `name`: the deployment's value, else the portal's own default (env.server.ts). */
export function deployedValue(name: keyof PortalEnv & string): string {
  if (name in DEPLOYED_SETTINGS) return DEPLOYED_SETTINGS[name]!;
  const value = parseEnv({ ...complete, ...DEPLOYED_SETTINGS })[name];
  return value === undefined ? "unset" : String(value);
}

/** The largest catalogue file the deployed portal takes. */
export const DEPLOYED_UPLOAD_MAX_BYTES = Number(deployedValue("CATALOGUE_UPLOAD_MAX_BYTES"));

/** A setting a benchmark runs differently from production, and why. */
export type Change = { value: string; why: string };

/** How a benchmark's portal differs from the deployed one: changed settings, and what production has that it has not. */
export type Deviations = {
  /** Environment variables set otherwise than deployed (the portal's configuration), each with its reason. */
  env?: Record<string, Change>;
  /** Node flags added to the deployed ones (e.g. an inspector), each with its reason. */
  nodeArgs?: { value: string; why: string }[];
  /** Other ways the run differs (pinning to a core, a limit not enforced), one sentence each. */
  notes?: string[];
};

/** Where the portal and its services are: the benchmark's own, not a way of running it. */
type Placement = Record<string, string>;

/** The deployed portal's node arguments and environment with the benchmark's changes, and the lines that say so. */
export function asDeployed(bench: string, deviations: Deviations = {}): { nodeArgs: string[]; env: Record<string, string>; report: string } {
  const changed = deviations.env ?? {};
  const env = { ...DEPLOYED_SETTINGS, ...Object.fromEntries(Object.entries(changed).map(([name, change]) => [name, change.value])) };
  const nodeArgs = [...DEPLOYED_NODE_ARGS, ...(deviations.nodeArgs ?? []).map((arg) => arg.value)];
  const notes = [...(deviations.notes ?? [])];
  if (cluster.memoryLimit)
    notes.push(
      `the container's memory limit (${cluster.memoryLimit}, deploy/kubernetes) is not enforced here (no cgroup of its own); the image's heap ceiling is`,
    );
  const lines = [
    `${bench}: the portal as deployed (Dockerfile, deploy/kubernetes): node ${DEPLOYED_NODE_ARGS.join(" ")}, ${Object.entries(DEPLOYED_SETTINGS)
      .map(([name, value]) => `${name}=${value}`)
      .join(" ")}; every other setting at its default`,
    ...Object.entries(changed).map(
      ([name, change]) =>
        `  changed: ${name}=${name.endsWith("TOKEN") ? "…" : change.value} (deployed: ${deployedValue(name as keyof PortalEnv & string)}): ${change.why}`,
    ),
    ...(deviations.nodeArgs ?? []).map((arg) => `  added: node ${arg.value}: ${arg.why}`),
    ...notes.map((note) => `  not as deployed: ${note}`),
  ];
  return { nodeArgs, env, report: lines.join("\n") };
}

/** Bytes of a portal's output a benchmark keeps for an error message: at LOG_LEVEL info every request writes a line. */
const OUTPUT_KEPT = 256 * 1024;

/**
 * The portal with its sandbox (scripts/start.ts, as `npm start` runs them) as deployed, changed only as `deviations`
 * says; prints the report. `sandbox` holds the sandbox's own variables (SANDBOX_*), which are not the portal's.
 */
export async function startDeployedStack(
  bench: string,
  options: { portalPort: number; sandboxPort: number; sandbox?: Record<string, string> } & Deviations,
): Promise<Stack> {
  const { portalPort, sandboxPort, sandbox, ...deviations } = options;
  const { nodeArgs, env, report } = asDeployed(bench, deviations);
  console.log(report);
  return startStack({ portalPort, sandboxPort, extraEnv: { ...sandbox, ...env }, nodeArgs, testDefaults: false, outputKept: OUTPUT_KEPT });
}

/** One portal instance as deployed, at `placement` (its upstream addresses, PORTAL_URL, TRUSTED_PROXIES…). */
export async function startDeployedPortal(
  bench: string,
  port: number,
  placement: Placement,
  deviations: Deviations = {},
  options: { quiet?: boolean } = {},
): Promise<{ portalUrl: string; process: RunningProcess }> {
  const { nodeArgs, env, report } = asDeployed(bench, deviations);
  if (!options.quiet) console.log(report);
  return startPortal({ ...placement, ...env }, port, nodeArgs, { testDefaults: false, outputKept: OUTPUT_KEPT });
}
