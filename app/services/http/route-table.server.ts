/**
 * The route table, read per path: which paths have a page (the error pages
 * use it so that they never offer a link, e.g. "go to my start page", that
 * only leads to another "page not found"), and the part of it a document
 * renders with.
 */
import { matchRoutes, type EntryContext, type RouteObject, type StaticHandlerContext } from "react-router";

type BuildRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; module?: { default?: unknown } };

/** The id of the catch-all route (app/routes.ts): a path it answers has no page. */
const NOT_FOUND_ROUTE_ID = "not-found";

let routeTree: Promise<RouteObject[]> | undefined;
let buildRoutes: Promise<Record<string, BuildRoute | undefined>> | undefined;

/**
 * The ids of the routes that answer each path, outermost first (none where
 * no route does). The routes never change while the process runs, and
 * matching walks (flattens and ranks) the whole route tree every time: on a
 * page that asked on every request this was a twentieth of the server's CPU.
 * The paths asked about are the portal's own start pages and the paths of
 * failed saves; the bound keeps a stream of made-up paths from growing it.
 */
const matchedIds = new Map<string, readonly string[]>();
const MAX_PATHS = 1_000;

function toTree(routes: Record<string, BuildRoute | undefined>, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route): route is BuildRoute => route !== undefined && route.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: toTree(routes, route.id) },
    );
}

function loadRouteTree(): Promise<RouteObject[]> {
  // The server build is this module's own bundle: read lazily, at request time, long after it finished loading.
  buildRoutes ??= import("virtual:react-router/server-build").then((build) => build.routes as Record<string, BuildRoute | undefined>);
  routeTree ??= buildRoutes.then((routes) => toTree(routes));
  return routeTree;
}

/** `compute`'s answer for a path, kept in `memo`; past MAX_PATHS paths the memo starts again. */
function remembered<T>(memo: Map<string, T>, path: string, compute: () => T): T {
  if (memo.has(path)) return memo.get(path)!;
  const answer = compute();
  if (memo.size >= MAX_PATHS) memo.clear();
  memo.set(path, answer);
  return answer;
}

async function routesAt(path: string): Promise<readonly string[]> {
  const tree = await loadRouteTree();
  return remembered(matchedIds, path, () => (matchRoutes(tree, path) ?? []).map((match) => match.route.id!));
}

/** Whether some route other than the catch-all answers this path. */
export async function pathHasPage(path: string): Promise<boolean> {
  const leaf = (await routesAt(path)).at(-1);
  return leaf !== undefined && leaf !== NOT_FOUND_ROUTE_ID;
}

/** Whether the path's route renders a page of its own; a resource route (a form's target that redirects, a file) does not. */
export async function pathRendersPage(path: string): Promise<boolean> {
  const leaf = (await routesAt(path)).at(-1);
  const routes = await buildRoutes!;
  return Boolean(leaf && routes[leaf]?.module?.default);
}

/**
 * The router's context for rendering a document, its route manifest cut to
 * the routes the render reads: the page's own, and those of "/" and of each
 * ancestor of its path, which the document hands the browser as its part of
 * the manifest (lazy route discovery, ADR 039). React Router's
 * `<ServerRouter>` turns every route of the manifest it is given into a
 * route object on every request (7.8 % of the welcome page's CPU samples
 * with the whole table) and reads only these (ADR 039, revision of
 * 2026-12-02). The ancestors are matched by the request handler's own
 * matcher, remembered per path, which `<Scripts>` then asks again for the
 * same paths.
 */
export function withPageRoutes(context: EntryContext): EntryContext {
  const handlerContext = context.staticHandlerContext;
  const match = rememberingMatcher(handlerContext._match);
  const ids = new Set(handlerContext.matches.map((page) => page.route.id));
  for (const path of ancestorPaths(handlerContext.location.pathname)) for (const ancestor of match(path) ?? []) ids.add(ancestor.route.id);
  const routes = Object.fromEntries(Object.entries(context.manifest.routes).filter(([id]) => ids.has(id)));
  return { ...context, manifest: { ...context.manifest, routes }, staticHandlerContext: { ...handlerContext, _match: match } };
}

type Matcher = StaticHandlerContext["_match"];
const rememberingMatchers = new WeakMap<Matcher, Matcher>();

/**
 * The request handler's matcher, its answer remembered per path. The
 * document's part of the manifest (`<Scripts>`) matches "/" and each path
 * above the page's against the whole ranked table on every render: "/" is
 * ranked next to last, and an ancestor that is no page of its own
 * ("/home") matches none, so each walks nearly every branch (5 % of the
 * home overview's CPU samples). The answer for a path is the same while the
 * build runs; it is kept per matcher, that is per build, and bounded as the
 * ids above are. A path asked as a location object is matched as before.
 */
function rememberingMatcher(match: Matcher): Matcher {
  let remembering = rememberingMatchers.get(match);
  if (remembering) return remembering;
  const answers = new Map<string, ReturnType<Matcher>>();
  remembering = (location) => (typeof location === "string" ? remembered(answers, location, () => match(location)) : match(location));
  rememberingMatchers.set(match, remembering);
  return remembering;
}

/** "/" and each path above this one ("/sellers/x/documents" → "/", "/sellers", "/sellers/x"), as the browser's part of the manifest counts them. */
function ancestorPaths(pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean);
  return ["/", ...segments.slice(0, -1).map((_, index) => `/${segments.slice(0, index + 1).join("/")}`)];
}
