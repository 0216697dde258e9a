import { execSync } from "node:child_process";
import { fileURLToPath } from "node:url";
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

/**
 * The server build stays one file, with the catalogue workers beside it (they are found from its own path): the parts
 * the browser loads after hydration (afterHydration, useSchemaCheck) are dynamic imports in the server's modules too,
 * never run there, and would otherwise move the server's code into a shared chunk of its own.
 */
function oneServerFile(): Plugin {
  return {
    name: "one-server-file",
    configEnvironment(name) {
      if (name === "ssr") return { build: { rolldownOptions: { output: { codeSplitting: false } } } };
    },
  };
}

/**
 * In the browser, `zod` is app/lib/zod-jitless.client.ts, which sets zod's
 * `jitless` before a schema is built and re-exports zod: only the pages that
 * build a schema load zod (the root imported zod's configuration for every page).
 */
function zodJitlessInTheBrowser(): Plugin {
  const jitless = fileURLToPath(new URL("./app/lib/zod-jitless.client.ts", import.meta.url));
  return {
    name: "zod-jitless-in-the-browser",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source, importer) {
      if (source !== "zod" || importer?.split("?")[0] === jitless) return null;
      return jitless;
    },
  };
}

/**
 * What every page loads in one or two files instead of some twenty (ADR 037,
 * second addendum): the modules the client entry and the root route import
 * statically, which every page's HTML preloads anyway, are put together,
 * the libraries (React, React Router) in one chunk and the portal's shell in
 * another. Left to itself the bundler makes a chunk per set of routes that
 * share a module, so a page fetched the same code in many small files, each
 * compressed on its own, and the route manifest named each of them for every
 * route. What only some pages import is split as before.
 */
function everyPageChunks(): Plugin {
  const imports = new Map<string, readonly string[]>();
  let everyPage: Set<string> | undefined;
  const isRoot = (id: string) => /[\\/]app[\\/](entry\.client\.tsx|root\.tsx\?)/.test(id);
  // Worked out once, when the bundler first asks: by then every module has been parsed.
  const onEveryPage = (id: string) => {
    if (!everyPage) {
      everyPage = new Set();
      const todo = [...imports.keys()].filter(isRoot);
      for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
        if (everyPage.has(next)) continue;
        everyPage.add(next);
        todo.push(...(imports.get(next) ?? []));
      }
    }
    return everyPage.has(id) && !isRoot(id);
  };
  return {
    name: "every-page-chunks",
    applyToEnvironment: (environment) => environment.name === "client",
    buildStart() {
      imports.clear();
      everyPage = undefined;
    },
    moduleParsed(info) {
      imports.set(info.id, info.importedIds);
    },
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  // Named, not followed through imports: a library's index re-exports modules that only some pages use.
                  { name: "framework", test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
                  { name: "shell", test: (id: string) => !id.includes("node_modules") && onEveryPage(id), priority: 1 },
                ],
              },
            },
          },
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [zodJitlessInTheBrowser(), reactRouter(), catalogueInspectorWorker(), everyPageChunks(), oneServerFile()],
  define: { __BUILD_ID__: JSON.stringify(buildId()) },
});
