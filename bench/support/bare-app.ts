/**
 * The bare React Router app (bench/bare-app: Express, compression and one route) started as the portal is deployed
 * (its node arguments and allocator setting): the baseline bench:server-cost, bench:lighthouse and
 * bench:hydration-profile measure the portal against. Built by `react-router build bench/bare-app`.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { waitForHttp } from "../../tests/support/stack.ts";
import { DEPLOYED_ENV, DEPLOYED_NODE_ARGS } from "./as-deployed.ts";

export function startBareApp(port: number) {
  const child = spawn(process.execPath, [...DEPLOYED_NODE_ARGS, path.join(import.meta.dirname, "../bare-app/server.ts")], {
    env: { ...process.env, ...DEPLOYED_ENV, NODE_ENV: "production", PORT: String(port) },
    stdio: "ignore",
  });
  const url = `http://localhost:${port}`;
  const stop = () => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGTERM"))));
  return { url, stop, pid: child.pid!, ready: waitForHttp(url, 30_000) };
}
