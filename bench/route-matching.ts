/**
 * What matching paths against the portal's route table costs the server per
 * document request, with React Router's matcher as the portal runs it and with
 * the route-pattern matcher of the unstable Data Mode flag
 * `future.unstable_routePatternMatching` (react-router 8.4.0), measured in the
 * same process on the built route table (the server build's routes, through
 * the public `createStaticHandler(...).match`).
 *
 * A document request matches its path twice (the request handler, then the
 * query) and, for the partial manifest it sends (lazy route discovery, ADR
 * 039), "/" and each parent path once more: "/" is ranked next to last of the
 * table, so every page pays for the longest search. The table prints, per
 * page, µs per document request with each matcher (the median of ROUNDS
 * rounds of a few thousand), their ratio, and whether both matched the same
 * routes. Pure CPU in this one process: nothing is served.
 *
 * Run: `npm run bench:route-matching` (builds first) or `node
 * bench/route-matching.ts` on a build. BENCH_PAGES=<regex> picks pages by
 * path, BENCH_ROUNDS the rounds (default 5).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createStaticHandler, type RouteObject, type ServerBuild } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";
import { complete } from "../tests/support/portal-env.ts";
import { PAGES } from "./support/pages.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ONLY = process.env.BENCH_PAGES ? new RegExp(process.env.BENCH_PAGES) : undefined;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Matches of one path per round: some 50–300 ms a round on the 2-core machines. */
const MATCHES = 2_000;

// The build reads its configuration when loaded; it serves nothing here, so a placeholder one does where none is set.
for (const [name, value] of Object.entries(complete)) process.env[name] ??= value;
const build = (await import(path.join(ROOT, "build/server/index.js"))) as ServerBuild;

/** The route tree as the server's static handler gets it: ids, paths and nesting (the modules play no part in matching). */
function routeTree(parentId: string | undefined): RouteObject[] {
  return Object.values(build.routes)
    .filter((route) => route !== undefined && route.parentId === parentId)
    .map((route) => {
      const children = routeTree(route!.id);
      return route!.index
        ? { id: route!.id, index: true as const }
        : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, ...(children.length > 0 ? { children } : {}) };
    });
}
const routes = routeTree(undefined);

unstable_preloadRoutePattern();
const matchers = {
  "React Router's": createStaticHandler(routes),
  "route-pattern": createStaticHandler(routes, { future: { unstable_routePatternMatching: true } }),
};
type MatcherName = keyof typeof matchers;

/** The paths one document request of `pathname` matches: the handler's and the query's, then the partial manifest's. */
function documentMatches(pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean);
  const parents = ["/", ...segments.slice(0, -1).map((_, index) => `/${segments.slice(0, index + 1).join("/")}`)];
  return [pathname, pathname, ...parents];
}

const routeIds = (name: MatcherName, pathname: string) =>
  matchers[name]
    .match(pathname)
    ?.map((match) => match.route.id)
    .join(" > ") ?? "(none)";

/** µs one document request's matching takes: the median of the rounds. */
function perRequest(name: MatcherName, paths: string[]): number {
  const handler = matchers[name];
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < MATCHES; i++) for (const pathname of paths) handler.match(pathname);
    rounds.push(Number(process.hrtime.bigint() - started) / 1_000 / MATCHES);
  }
  return rounds.sort((a, b) => a - b)[Math.floor(rounds.length / 2)]!;
}

const pages = [...new Set(PAGES.map((page) => new URL(page.path, "http://portal.invalid").pathname))].filter((pathname) => !ONLY || ONLY.test(pathname));
const branches = Object.values(build.routes).filter(
  (route) => route && (route.index || route.path !== undefined) && !Object.values(build.routes).some((child) => child?.parentId === route.id),
).length;
console.log(
  `bench:route-matching: ${Object.keys(build.routes).length} routes, ${branches} leaves; ${ROUNDS} rounds of ${MATCHES} document requests' matching per page and matcher`,
);
console.log();
console.log(`${"page".padEnd(56)} matches  React Router µs  route-pattern µs  ratio  same routes`);

// Warm up both: V8 optimises the matchers' code over the first thousands of calls.
for (const name of Object.keys(matchers) as MatcherName[]) for (const pathname of pages) for (let i = 0; i < 500; i++) matchers[name].match(pathname);

const ratios: number[] = [];
let differing = 0;
for (const pathname of pages) {
  const paths = documentMatches(pathname);
  const current = perRequest("React Router's", paths);
  const pattern = perRequest("route-pattern", paths);
  const same = paths.every((matched) => routeIds("React Router's", matched) === routeIds("route-pattern", matched));
  if (!same) differing++;
  ratios.push(pattern / current);
  console.log(
    `${pathname.padEnd(56)} ${String(paths.length).padStart(7)}  ${current.toFixed(1).padStart(14)}  ${pattern.toFixed(1).padStart(16)}  ${(pattern / current).toFixed(2).padStart(5)}  ${same ? "yes" : "NO"}`,
  );
  if (!same)
    for (const matched of new Set(paths)) console.log(`    ${matched}: ${routeIds("React Router's", matched)} | ${routeIds("route-pattern", matched)}`);
}
ratios.sort((a, b) => a - b);
console.log();
console.log(
  `ratio = route-pattern's µs ÷ React Router's, median over ${pages.length} pages ${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)}; pages matched differently: ${differing}`,
);
