/**
 * Debian's redis-server (scripts/ensure-deploy-tools.sh installs it) as a child process on a port of the test's own,
 * in memory only, for the tests of the store several portal instances share.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createConnection } from "node:net";
import { deployTools } from "./deploy-tools.ts";
import type { RunningProcess } from "./stack.ts";

export function redisBinary(): string {
  for (const candidate of ["/usr/bin/redis-server", "/usr/local/bin/redis-server", "/usr/bin/valkey-server", "/opt/homebrew/bin/redis-server"]) {
    if (existsSync(candidate)) return candidate;
  }
  return "redis-server";
}

/** Answers once a PING gets PONG. */
async function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port }, () => socket.write("PING\r\n"));
    socket.setTimeout(500, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
  });
}

export async function startRedis(port: number): Promise<RunningProcess & { url: string }> {
  await deployTools();
  const child = spawn(redisBinary(), ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  const deadline = Date.now() + 10_000;
  while (!(await ping(port))) {
    if (child.exitCode !== null) throw new Error(`redis-server exited: ${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`redis-server did not answer on ${port}: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, output: () => output, stop, url: `redis://127.0.0.1:${port}` };
}
