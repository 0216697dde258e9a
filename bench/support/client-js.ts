/**
 * The JavaScript a page's HTML makes the browser fetch before anyone can use
 * it, read from a build's route manifest (`build/client/assets/manifest-*.js`,
 * the file React Router's `<Scripts />` works from): the manifest itself, the
 * client entry and its imports, and each matched route's module and imports,
 * the same list as the page's `<link rel="modulepreload">` tags. What loads
 * later (a chart's code when the chart is drawn) is not on it. Sizes are of the
 * built files, compressed as `compression()` would (gzip at zlib's default
 * level; brotli beside it), so the figure needs no browser and no server, and
 * does not move with the machine's load.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router";

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  clientActionModule?: string;
  clientLoaderModule?: string;
  hydrateFallbackModule?: string;
};
export type ClientManifest = { url: string; entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };
export type ScriptSize = { href: string; raw: number; gzip: number; brotli: number };
export type PageScripts = { routeIds: string[]; scripts: ScriptSize[]; raw: number; gzip: number; brotli: number };

/** The target of the issue: 1.3 × a bare React Router 8 app's compressed JavaScript (about 110 KB), in KB of 1,000 bytes. */
export const CLIENT_JS_TARGET_KB = 145;

export function readClientManifest(buildDir: string): ClientManifest {
  const assets = path.join(buildDir, "client/assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no route manifest in ${assets}: build first (npx react-router build)`);
  const source = readFileSync(path.join(assets, file), "utf8");
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  return { ...(JSON.parse(json) as Omit<ClientManifest, "url">), url: `/assets/${file}` };
}

function routeTree(manifest: ClientManifest): RouteObject[] {
  const byParent = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(manifest.routes)) byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route]);
  const build = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index ? { id: route.id, index: true } : { id: route.id, path: route.path, children: build(route.id) },
    );
  return build(undefined);
}

const sizes = new Map<string, ScriptSize>();
function sizeOf(buildDir: string, href: string): ScriptSize {
  const key = `${buildDir}${href}`;
  let size = sizes.get(key);
  if (!size) {
    const content = readFileSync(path.join(buildDir, "client", href));
    size = {
      href,
      raw: content.length,
      gzip: gzipSync(content).length,
      brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
    };
    sizes.set(key, size);
  }
  return size;
}

/** The scripts a page at `pathname` preloads, in `<Scripts />`'s order, with their sizes. */
export function pageScripts(buildDir: string, manifest: ClientManifest, pathname: string): PageScripts {
  const matches = matchRoutes(routeTree(manifest), pathname) ?? [];
  const routeIds = matches.map((match) => match.route.id as string);
  const hrefs = [manifest.url, manifest.entry.module, ...manifest.entry.imports];
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) continue;
    hrefs.push(route.module, ...[route.clientActionModule, route.clientLoaderModule, route.hydrateFallbackModule].filter((href) => href !== undefined));
    hrefs.push(...(route.imports ?? []));
  }
  const scripts = [...new Set(hrefs)].map((href) => sizeOf(buildDir, href));
  const sum = (key: "raw" | "gzip" | "brotli") => scripts.reduce((total, script) => total + script[key], 0);
  return { routeIds, scripts, raw: sum("raw"), gzip: sum("gzip"), brotli: sum("brotli") };
}

/** A chunk's name without its content hash: `/assets/entry.client-DoOaXnp0.js` → `entry.client`. */
export const chunkName = (href: string) => path.basename(href).replace(/-[\w-]{8}\.js$/, "");
