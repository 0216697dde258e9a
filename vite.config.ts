import { execSync } from "node:child_process";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/** Identifies this build; the client compares it with the server's to offer a reload after a deploy. */
function buildId(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  let commit = "dev";
  try {
    commit = execSync("git rev-parse --short HEAD", { stdio: ["ignore", "pipe", "ignore"] }).toString().trim();
  } catch {
    // Not a git checkout (e.g. a Docker build context): the timestamp alone identifies the build.
  }
  return `${commit}-${Date.now().toString(36)}`;
}

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { tsconfigPaths: true },
  define: { __BUILD_ID__: JSON.stringify(buildId()) },
});
