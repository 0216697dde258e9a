import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Config } from "@react-router/dev/config";

const compressions = [
  { extension: ".br", compress: promisify(brotliCompress), options: { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } } },
  { extension: ".gz", compress: promisify(gzip), options: { level: constants.Z_BEST_COMPRESSION } },
];

/**
 * The browser's scripts, style sheets and SVGs compressed once, when they are built (brotli at its best, gzip at
 * level 9), each beside its file: the server sends those as they are (server.ts), where it compressed every asset
 * again on every request, some forty files on a page's first load. After the whole build, so that the route
 * manifest React Router writes during the server's build is among them. Files under a kilobyte stay as they are, as
 * `compression()` leaves them.
 */
async function precompressAssets(assetsDirectory: string): Promise<void> {
  const names = (await readdir(assetsDirectory)).filter((name) => /\.(js|css|svg)$/.test(name));
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(assetsDirectory, name);
      const source = await readFile(file);
      if (source.byteLength < 1024) return;
      await Promise.all(compressions.map(async ({ extension, compress, options }) => writeFile(file + extension, await compress(source, options))));
    }),
  );
}

export default {
  ssr: true,
  // Each page carries the manifest entries of its own routes; the browser asks /__manifest for the routes of the links it
  // meets (ADR 039): the whole manifest's route table cost every page's hydration more than its server CPU saved.
  routeDiscovery: { mode: "lazy" },
  buildEnd: ({ reactRouterConfig, viteConfig }) => precompressAssets(path.join(reactRouterConfig.buildDirectory, "client", viteConfig.build.assetsDir)),
} satisfies Config;
