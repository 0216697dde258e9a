/**
 * `npm start`: with no upstream configured, starts the sandbox (the
 * marketplace on this machine) and points the portal at it; with upstream
 * variables set (environment or .env), starts the portal alone.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runPortal } from "../server.ts";
import { sandboxImagesEnv, sandboxPortalEnv, waitForSandbox } from "./sandbox-env.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");

if (existsSync(path.join(ROOT, ".env"))) process.loadEnvFile(path.join(ROOT, ".env"));

const upstreamConfigured = Boolean(process.env.OIDC_ISSUER || process.env.API_BASE_URL);

/** Kept beside the sandbox's data so sessions survive a restart of `npm start`. */
function sandboxSessionSecret(): string {
  const dir = path.join(ROOT, "sandbox/data");
  const file = path.join(dir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

if (!upstreamConfigured) {
  const port = Number(process.env.PORT ?? 3000);
  const portalUrl = process.env.PORTAL_URL ?? `http://localhost:${port}`;
  const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4000);
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  // The test servers run their own sandbox on a throw-away database.
  const sandboxArgs = ["--port", String(sandboxPort), "--portal-url", portalUrl];
  if (process.env.SANDBOX_DB) sandboxArgs.push("--db", process.env.SANDBOX_DB);
  if (process.env.SANDBOX_RESET === "true") sandboxArgs.push("--reset");
  if (process.env.SANDBOX_TOKEN_TTL) sandboxArgs.push("--token-ttl", process.env.SANDBOX_TOKEN_TTL);
  if (process.env.SANDBOX_QUIET === "true") sandboxArgs.push("--quiet");
  if (process.env.SANDBOX_IMAGES_PORT) sandboxArgs.push("--images-port", process.env.SANDBOX_IMAGES_PORT);
  if (process.env.SANDBOX_IMAGES_PROCESS === "true") sandboxArgs.push("--images-process");
  const sandbox = spawn(process.execPath, [path.join(ROOT, "sandbox/main.ts"), ...sandboxArgs], { stdio: "inherit" });
  sandbox.on("exit", (code, signal) => {
    // Ctrl-C reaches the sandbox too; it then ends cleanly (code 0) and the portal stops on its own signal.
    if (code !== 0 && signal !== "SIGINT" && signal !== "SIGTERM") {
      console.error(`The sandbox stopped (${signal ?? `exit code ${code}`}); stopping the portal.`);
      process.exit(code ?? 1);
    }
  });
  process.on("exit", () => sandbox.kill("SIGTERM"));
  await waitForSandbox(sandboxUrl);
  Object.assign(process.env, sandboxPortalEnv(sandboxUrl, portalUrl, sandboxSessionSecret()), await sandboxImagesEnv(sandboxUrl), { PORT: String(port) });
}

const portal = await runPortal({ dev });
console.log(`\n  Seller portal: ${portal.url}${upstreamConfigured ? "" : "  (against the sandbox; demo accounts above, password: demo)"}\n`);
