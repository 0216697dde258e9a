/**
 * nginx with deploy/'s configuration, as a test or benchmark runs it: the
 * same server block (deploy/nginx/seller-portal.conf) and upstream block
 * (deploy/nginx/upstream.conf), with two things changed for this machine:
 * where it listens (a test port on loopback, not 80) and which instances it
 * balances over (their loopback addresses, not Docker's `portal`), and its
 * access log goes to a file of its own (`accessLog()`). Wrapped
 * in a main configuration that keeps pid, temp files and the error log in a
 * directory of its own, so that nothing of the system's nginx is touched.
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deployTools } from "./deploy-tools.ts";
import type { RunningProcess } from "./stack";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const DEPLOY_NGINX = path.join(ROOT, "deploy/nginx");

export function nginxBinary(): string {
  for (const candidate of ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/opt/homebrew/bin/nginx", "/usr/local/bin/nginx"]) {
    if (existsSync(candidate)) return candidate;
  }
  return "nginx";
}

/** Replaces exactly one match of `pattern` in `text`, or fails: a changed deploy/ file must not silently slip past. */
function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = text.match(new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : pattern.flags + "g"));
  if (matches?.length !== 1) throw new Error(`deploy/nginx: expected one ${what}, found ${matches?.length ?? 0}`);
  return text.replace(pattern, replacement);
}

/** The per-client limits of deploy/nginx (limit_conn, limit_req), as they are written there. */
export const PER_CLIENT_LIMITS = [/^\s*limit_conn portal_connections_per_client \d+;\n/m, /^\s*limit_req zone=portal_requests_per_client [^;]*;\n/m] as const;

/**
 * Writes the configuration into a new directory; answers the main file's path.
 * `perClientLimits: false` leaves out nginx's per-client limits: for a load
 * generator that plays many users from one address, which the limits would
 * take for one client.
 */
export function writeNginxConfig(options: { port: number; instances: string[]; perClientLimits?: boolean }): { dir: string; config: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "seller-portal-nginx-"));
  // nginx's workers may run as another user (nobody, when started as root): they write request bodies below this directory.
  chmodSync(dir, 0o755);
  let server = readFileSync(path.join(DEPLOY_NGINX, "seller-portal.conf"), "utf8");
  server = replaceOnce(server, /^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${options.port};`, "listen 80");
  server = replaceOnce(server, /^(\s*)access_log \/var\/log\/nginx\/access\.log /m, `$1access_log ${dir}/access.log `, "access_log");
  if (options.perClientLimits === false) for (const limit of PER_CLIENT_LIMITS) server = replaceOnce(server, limit, "", limit.source);
  const upstream = replaceOnce(
    readFileSync(path.join(DEPLOY_NGINX, "upstream.conf"), "utf8"),
    /^(\s*)server portal:3000 (.*);$/m,
    options.instances.map((instance) => `$1server ${instance} $2;`).join("\n"),
    "server portal:3000",
  );
  writeFileSync(path.join(dir, "seller-portal.conf"), server);
  writeFileSync(path.join(dir, "upstream.conf"), upstream);
  const config = path.join(dir, "nginx.conf");
  writeFileSync(
    config,
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/upstream.conf;
  include ${dir}/seller-portal.conf;
}
`,
  );
  return { dir, config };
}

/** `nginx -t` on a configuration: its exit code and what it said. */
export function testNginxConfig(config: string): { status: number | null; output: string } {
  const result = spawnSync(nginxBinary(), ["-t", "-e", "stderr", "-p", path.dirname(config), "-c", config], { encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}${result.error ? String(result.error) : ""}` };
}

/** nginx in the foreground as a child process, once it answers on `port`; `accessLog()` reads its access log's JSON lines. */
export async function startNginx(options: {
  port: number;
  instances: string[];
  perClientLimits?: boolean;
}): Promise<RunningProcess & { url: string; accessLog: () => Record<string, unknown>[] }> {
  await deployTools();
  const { config, dir } = writeNginxConfig(options);
  const child = spawn(nginxBinary(), ["-e", "stderr", "-p", path.dirname(config), "-c", config], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      // QUIT: nginx's graceful stop.
      child.kill("SIGQUIT");
    });
  const url = `http://localhost:${options.port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    try {
      await fetch(`http://127.0.0.1:${options.port}/nginx-is-listening`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not listen on ${options.port}: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const accessLog = () =>
    readFileSync(path.join(dir, "access.log"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { child, output: () => output, stop, url, accessLog };
}
