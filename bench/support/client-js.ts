/**
 * The JavaScript a page's HTML makes the browser fetch before anyone can use
 * it, read from a build's route manifest (`build/client/assets/manifest-*.js`,
 * the file React Router's `<Scripts />` works from): the client entry and its
 * imports, and each matched route's module and imports, the same list as the
 * page's `<link rel="modulepreload">` tags; and the manifest as the page gets
 * it: the whole file under `routeDiscovery: "initial"`, or under `"lazy"` (ADR
 * 039) the entries of the routes the path and its prefixes match, printed into
 * the page as an inline script (counted as its JSON, gzip alone). What loads
 * later (a chart's code when the chart is drawn) is not on it. Sizes are of the
 * built files: gzip at zlib's default level (the target's measure), and brotli
 * as the server sends it, the build's own `.br` file (react-router.config.ts)
 * or, for what has none (the inline manifest, a file under 1 KB), brotli at
 * `compression()`'s quality 4. The figure needs no browser and no server, and
 * does not move with the machine's load.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
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
export type ClientManifest = {
  url: string;
  discovery: "initial" | "lazy";
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
};
export type ScriptSize = { href: string; raw: number; gzip: number; brotli: number };
export type PageScripts = { routeIds: string[]; scripts: ScriptSize[]; raw: number; gzip: number; brotli: number };
/** The inline script's name in a page's list of scripts under lazy discovery. */
export const INLINE_MANIFEST = "(the page's part of the route manifest, inline)";

/** The target of the issue: 1.3 × a bare React Router 8 app's compressed JavaScript (about 110 KB), in KB of 1,000 bytes. */
export const CLIENT_JS_TARGET_KB = 145;

export function readClientManifest(buildDir: string): ClientManifest {
  const assets = path.join(buildDir, "client/assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no route manifest in ${assets}: build first (npx react-router build)`);
  const source = readFileSync(path.join(assets, file), "utf8");
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  // The build's own setting, as the server build prints it (`routeDiscovery = { "mode": "lazy", … }`).
  const server = readFileSync(path.join(buildDir, "server/index.js"), "utf8");
  const discovery = /routeDiscovery = \{\s*"mode":\s*"(initial|lazy)"/.exec(server)?.[1] as ClientManifest["discovery"] | undefined;
  if (!discovery) throw new Error(`no routeDiscovery mode in ${buildDir}/server/index.js`);
  return { ...(JSON.parse(json) as Omit<ClientManifest, "url" | "discovery">), url: `/assets/${file}`, discovery };
}

/** The manifest entries React Router prints into a page under lazy discovery: the routes of the path and of each prefix. */
function partialManifest(manifest: ClientManifest, tree: RouteObject[], pathname: string): string {
  const segments = pathname.split("/").filter(Boolean);
  const paths = [pathname, ...segments.map((_, index) => `/${segments.slice(0, index).join("/")}`)];
  const ids = new Set(paths.flatMap((prefix) => (matchRoutes(tree, prefix) ?? []).map((match) => match.route.id as string)));
  const { url: _url, discovery: _discovery, ...rest } = manifest;
  return JSON.stringify({ ...rest, routes: Object.fromEntries([...ids].map((id) => [id, manifest.routes[id]])) });
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
function sizeOf(buildDir: string, href: string, inline?: string): ScriptSize {
  const key = inline ?? `${buildDir}${href}`;
  let size = sizes.get(key);
  if (!size) {
    const file = path.join(buildDir, "client", href);
    const content = inline === undefined ? readFileSync(file) : Buffer.from(inline);
    const built = inline === undefined && existsSync(`${file}.br`) ? readFileSync(`${file}.br`) : undefined;
    size = {
      href,
      raw: content.length,
      gzip: gzipSync(content).length,
      brotli: (built ?? brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })).length,
    };
    sizes.set(key, size);
  }
  return size;
}

/** The scripts a page at `pathname` preloads, in `<Scripts />`'s order, with their sizes. */
export function pageScripts(buildDir: string, manifest: ClientManifest, pathname: string): PageScripts {
  const tree = routeTree(manifest);
  const matches = matchRoutes(tree, pathname) ?? [];
  const routeIds = matches.map((match) => match.route.id as string);
  const hrefs = [...(manifest.discovery === "initial" ? [manifest.url] : []), manifest.entry.module, ...manifest.entry.imports];
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) continue;
    hrefs.push(route.module, ...[route.clientActionModule, route.clientLoaderModule, route.hydrateFallbackModule].filter((href) => href !== undefined));
    hrefs.push(...(route.imports ?? []));
  }
  const scripts = [...new Set(hrefs)].map((href) => sizeOf(buildDir, href));
  if (manifest.discovery === "lazy") scripts.unshift(sizeOf(buildDir, INLINE_MANIFEST, partialManifest(manifest, tree, pathname)));
  const sum = (key: "raw" | "gzip" | "brotli") => scripts.reduce((total, script) => total + script[key], 0);
  return { routeIds, scripts, raw: sum("raw"), gzip: sum("gzip"), brotli: sum("brotli") };
}

/** A chunk's name without its content hash: `/assets/entry.client-DoOaXnp0.js` → `entry.client`. */
export const chunkName = (href: string) => path.basename(href).replace(/-[\w-]{8}\.js$/, "");
