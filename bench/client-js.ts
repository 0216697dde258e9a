/**
 * Each page's JavaScript before the first interaction, from the build alone
 * (no browser, no server, the same figure whatever the machine's load): the
 * scripts its HTML preloads (bench/support/client-js.ts), their sizes raw,
 * gzip and brotli, against the target of 1.3 × a bare React Router 8 app's
 * (145 KB compressed). With the bare app built (`npx react-router build
 * bench/bare-app`) its own figure is printed too. `--chunks` lists each page's
 * chunks of 5 KB or more (compressed), largest first; the table below the pages
 * says on how many pages each chunk is.
 *
 * Beside them, the page's messages fetched before hydration (ADR 038): the
 * JSON of the message groups its routes declare (`handle.i18n`, read from the
 * server build), gzip, in English and German; the whole language, which every
 * page fetched before, is printed below the table.
 *
 * Run: `npm run bench:client-js` (builds first) or `node bench/client-js.ts`
 * on a build. BENCH_PAGES=<regex> picks pages by path.
 */
import path from "node:path";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import { fileURLToPath } from "node:url";
import { PAGES } from "./support/pages.ts";
import { complete } from "../tests/support/portal-env.ts";
import { CLIENT_JS_TARGET_KB, chunkName, pageScripts, readClientManifest, type PageScripts } from "./support/client-js.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ONLY = process.env.BENCH_PAGES ? new RegExp(process.env.BENCH_PAGES) : undefined;
const CHUNKS = process.argv.includes("--chunks");
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

const build = path.join(ROOT, "build");
const manifest = readClientManifest(build);
const bareBuild = path.join(ROOT, "bench/bare-app/build");
const bare = existsSync(path.join(bareBuild, "client/assets")) ? pageScripts(bareBuild, readClientManifest(bareBuild), "/") : undefined;

// The page's messages: each route's declared groups (the server build's route modules), the JSON the /locales route
// answers for them, gzip at zlib's default level as compression() sends it.
// The build reads its configuration when loaded; it serves nothing here, so a placeholder one does where none is set.
for (const [name, value] of Object.entries(complete)) process.env[name] ??= value;
const serverBuild = (await import(path.join(build, "server/index.js"))) as ServerBuild;
const LANGUAGES = ["en", "de"] as const;
const groupsOf = (language: string) =>
  Object.fromEntries(
    readdirSync(path.join(ROOT, "app/locales", language)).map((file) => [
      file.replace(/\.json$/, ""),
      JSON.parse(readFileSync(path.join(ROOT, "app/locales", language, file), "utf8")) as unknown,
    ]),
  );
const messages = Object.fromEntries(LANGUAGES.map((language) => [language, groupsOf(language)]));
const messagesGzip = (language: (typeof LANGUAGES)[number], groups: string[] | undefined) => {
  const all = messages[language]!;
  const body = groups ? Object.fromEntries(groups.map((group) => [group, all[group]])) : all;
  return gzipSync(JSON.stringify(body)).length;
};
const pageGroups = (routeIds: string[]) =>
  [...new Set(["root", ...routeIds].flatMap((id) => (serverBuild.routes[id]?.module.handle as { i18n?: string[] } | undefined)?.i18n ?? []))].sort();

console.log(
  "page".padEnd(58),
  "files".padStart(5),
  "raw KB".padStart(7),
  "gzip KB".padStart(8),
  "br KB".padStart(6),
  "target".padStart(7),
  "messages KB gzip en/de".padStart(23),
);
const row = (name: string, scripts: PageScripts, target: string, groups?: string[]) =>
  console.log(
    name.slice(0, 58).padEnd(58),
    String(scripts.scripts.length).padStart(5),
    kb(scripts.raw).padStart(7),
    kb(scripts.gzip).padStart(8),
    kb(scripts.brotli).padStart(6),
    target.padStart(7),
    (groups ? `${kb(messagesGzip("en", groups))} / ${kb(messagesGzip("de", groups))}` : "").padStart(23),
  );
if (bare) row("(bare React Router app)", bare, "");

const seen = new Set<string>();
const onPages = new Map<string, { gzip: number; pages: number }>();
let pages = 0;
let met = 0;
let largest = 0;
const messagesTotal = { en: [] as number[], de: [] as number[] };
for (const page of PAGES) {
  const pathname = new URL(page.path, "http://x").pathname;
  if (seen.has(pathname) || (ONLY && !ONLY.test(pathname))) continue;
  seen.add(pathname);
  const scripts = pageScripts(build, manifest, pathname);
  pages++;
  largest = Math.max(largest, scripts.gzip);
  const ok = scripts.gzip / 1000 <= CLIENT_JS_TARGET_KB;
  if (ok) met++;
  const groups = pageGroups(scripts.routeIds);
  messagesTotal.en.push(messagesGzip("en", groups));
  messagesTotal.de.push(messagesGzip("de", groups));
  row(pathname, scripts, ok ? "ok" : "MISSED", groups);
  for (const script of scripts.scripts) {
    const chunk = onPages.get(script.href) ?? { gzip: script.gzip, pages: 0 };
    chunk.pages++;
    onPages.set(script.href, chunk);
  }
  if (CHUNKS)
    for (const script of scripts.scripts.filter((candidate) => candidate.gzip >= 5000).sort((a, b) => b.gzip - a.gzip))
      console.log(`    ${chunkName(script.href).padEnd(40)} ${kb(script.raw).padStart(7)} ${kb(script.gzip).padStart(8)}`);
}

console.log(`\nchunks of 5 KB or more (gzip), on how many of the ${pages} pages:`);
for (const [href, chunk] of [...onPages].filter(([, chunk]) => chunk.gzip >= 5000).sort((a, b) => b[1].gzip * b[1].pages - a[1].gzip * a[1].pages))
  console.log(`  ${chunkName(href).padEnd(40)} ${kb(chunk.gzip).padStart(6)} KB gzip on ${chunk.pages} pages`);

console.log(
  `\ntarget: gzip ≤ ${CLIENT_JS_TARGET_KB} KB (1.3 × a bare React Router 8 app's${bare ? `; this bare build: ${kb(bare.gzip)} KB` : ""}); met by ${met} of ${pages} pages, largest ${kb(largest)} KB`,
);
const range = (sizes: number[]) =>
  `${kb(Math.min(...sizes))}–${kb(Math.max(...sizes))} KB (median ${kb(sizes.sort((a, b) => a - b)[Math.floor(sizes.length / 2)]!)})`;
console.log(
  `messages before hydration, gzip: en ${range(messagesTotal.en)}, de ${range(messagesTotal.de)}; the whole language (every page before ADR 038): en ${kb(messagesGzip("en", undefined))} KB, de ${kb(messagesGzip("de", undefined))} KB`,
);
