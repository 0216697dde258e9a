/**
 * The deployment tools a test or benchmark runs (nginx, redis-server, Docker Compose): scripts/ensure-deploy-tools.sh
 * answers at once where they are here, and otherwise installs them (Debian's packages, as root) or says what to
 * install. `npm test` installs them beside its build (scripts/test.sh), so a test that starts before that install
 * ended waits for it here (the script holds apt's lock) instead of failing on a missing binary.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const SCRIPT = path.resolve(import.meta.dirname, "../../scripts/ensure-deploy-tools.sh");

let ensured: Promise<unknown> | undefined;

/** Rejects with the script's message (what to install) where it could not make sure of them. */
export async function deployTools(): Promise<void> {
  ensured ??= promisify(execFile)("bash", [SCRIPT]);
  await ensured;
}
