/**
 * `npm run bench:load` in its short form, as part of the test command: signed-in
 * users against one instance and against two behind nginx, with no error at
 * all. Only that it ran and had no errors is checked here; its timings are a
 * benchmark's business, never a test's.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

it("serves a short load on one instance and on two behind nginx without a single error", { timeout: 180_000 }, async () => {
  const child = spawn(process.execPath, [path.join(ROOT, "bench/load.ts"), "--quick"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code, output).toBe(0);
  const summary = JSON.parse(output.trim().split("\n").at(-1)!) as { setups: { name: string; requests: number; errors: number }[] };
  expect(summary.setups.map((setup) => setup.name)).toEqual(["1 instance", "2 instances behind nginx"]);
  for (const setup of summary.setups) {
    expect(setup.requests, setup.name).toBeGreaterThan(0);
    expect(setup.errors, setup.name).toBe(0);
  }
});
