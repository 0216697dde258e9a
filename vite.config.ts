import { execSync } from "node:child_process";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/** Identifies this build; the client compares it with the server's to offer a reload after a deploy. */
function buildId(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  let commit = "dev";
  try {
    commit = execSync("git rev-parse --short HEAD", { stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    // Not a git checkout (e.g. a Docker build context): the timestamp alone identifies the build.
  }
  return `${commit}-${Date.now().toString(36)}`;
}

/**
 * The catalogue inspector's worker thread is loaded by Node from a file of
 * its own: a second entry of the server build, beside index.js (see
 * app/services/catalogue/reading/inspector-thread.server.ts).
 */
function catalogueInspectorWorker(): Plugin {
  return {
    name: "catalogue-inspector-worker",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      if (this.environment.config.command !== "build") return;
      this.emitFile({ type: "chunk", id: "./app/services/catalogue/reading/inspector-worker.ts", fileName: "catalogue-inspector-worker.js" });
      this.emitFile({ type: "chunk", id: "./app/services/catalogue/reading/image-check-worker.ts", fileName: "catalogue-image-check-worker.js" });
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), catalogueInspectorWorker()],
  define: { __BUILD_ID__: JSON.stringify(buildId()) },
});
