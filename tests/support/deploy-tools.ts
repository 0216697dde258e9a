/**
 * The deployment tools a test or benchmark runs (nginx, redis-server, Docker Compose): scripts/ensure-deploy-tools.sh
 * answers at once where they are here, and otherwise installs them (Debian's packages, as root) or says what to
 * install. `npm test` installs them beside its build (scripts/test.sh), so a test that starts before that install
 * ended waits for it here (the script holds apt's lock) instead of failing on a missing binary.
 */
import { spawn } from "node:child_process";
import path from "node:path";

const SCRIPT = path.resolve(import.meta.dirname, "../../scripts/ensure-deploy-tools.sh");

let ensured: Promise<void> | undefined;

export function deployTools(): Promise<void> {
  ensured ??= new Promise<void>((resolve, reject) => {
    const child = spawn("bash", [SCRIPT], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`scripts/ensure-deploy-tools.sh exited with ${code}: ${output}`))));
  });
  return ensured;
}
