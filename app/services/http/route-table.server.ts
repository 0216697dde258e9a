/**
 * Which paths have a page. The error pages use it so that they never offer a
 * link (e.g. "go to my start page") that only leads to another "page not found".
 */
import { matchRoutes, type RouteObject } from "react-router";

type BuildRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; module?: { default?: unknown } };

/** The id of the catch-all route (app/routes.ts): a path it answers has no page. */
const NOT_FOUND_ROUTE_ID = "not-found";

let routeTree: Promise<RouteObject[]> | undefined;
let buildRoutes: Promise<Record<string, BuildRoute | undefined>> | undefined;

/**
 * Answers per path. The routes never change while the process runs, and
 * matching walks (flattens and ranks) the whole route tree every time: on a
 * page that asks on every request this was a twentieth of the server's CPU.
 * The paths asked about are the portal's own start pages, a handful; the
 * bound only guards against a caller that passes user input one day.
 */
const answers = new Map<string, boolean>();
const MAX_ANSWERS = 256;

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

/** Whether some route other than the catch-all answers this path. */
export async function pathHasPage(path: string): Promise<boolean> {
  const known = answers.get(path);
  if (known !== undefined) return known;
  const matches = matchRoutes(await loadRouteTree(), path);
  const answer = Boolean(matches?.length) && matches!.at(-1)!.route.id !== NOT_FOUND_ROUTE_ID;
  if (answers.size >= MAX_ANSWERS) answers.clear();
  answers.set(path, answer);
  return answer;
}

/** Whether the path's route renders a page of its own; a resource route (a form's target that redirects, a file) does not. */
export async function pathRendersPage(path: string): Promise<boolean> {
  const leaf = matchRoutes(await loadRouteTree(), path)?.at(-1)?.route.id;
  const routes = await buildRoutes!;
  return Boolean(leaf && routes[leaf]?.module?.default);
}
