/**
 * The route table in sections, one request handler each. React Router
 * matches a request's path against the ranked branches of its whole table,
 * one regular expression built and tried per branch up to the first that
 * fits, twice a request (the handler's match and the query's). "/" is ranked
 * next to last of the portal's 126 routes, so the welcome page walked nearly
 * all of them twice: remembering each path's match (an experiment on React
 * Router's own matcher, not kept) took a tenth off that page's CPU.
 *
 * A route whose full path begins with a plain segment ("home/overview",
 * "shop-setup/:step") can only match a path that begins with that segment
 * (matching ignores case; no route of the table asks for case). So the table
 * is cut by that segment: a section holds the routes of one first segment,
 * the routes that could match any path (the welcome page, the catch-all, a
 * first segment that is a parameter) and their ancestors, in the table's
 * order. Every route that can match a path of the section is in it, ranked
 * as in the whole table among themselves, so the route that answers is the
 * one the whole table would give. A path whose first segment is not one of
 * the sections' plain names as written (encoded, a dot, the route discovery's
 * `/__manifest`, a `.data` request of a one-segment page) goes to the handler
 * of the whole table.
 */
import { createRequestHandler, type ServerBuild } from "react-router";

type RequestHandler = ReturnType<typeof createRequestHandler>;
type BuildRoute = NonNullable<ServerBuild["routes"][string]>;

const PLAIN_SEGMENT = /^[a-z0-9_-]+$/;

/** The route and its ancestors, innermost first. */
function ancestry(route: BuildRoute, routes: ServerBuild["routes"]): BuildRoute[] {
  const line: BuildRoute[] = [];
  for (let at: BuildRoute | undefined = route; at; at = at.parentId === undefined ? undefined : routes[at.parentId]) line.push(at);
  return line;
}

/** The first segment of a route's full path, lower-cased, when it is a plain name; undefined when it could be anything. */
function firstSegmentOf(route: BuildRoute, routes: ServerBuild["routes"]): string | undefined {
  const line = ancestry(route, routes).reverse();
  const first = line
    .flatMap((at) => (at.path ? [at.path] : []))
    .join("/")
    .replace(/^\/+/, "")
    .split("/")[0]!
    .toLowerCase();
  return line.some((at) => at.caseSensitive) || !PLAIN_SEGMENT.test(first) ? undefined : first;
}

/** The routes of each section, by first segment, in the table's order; "" is the section of "/" (the routes that match anything). */
export function routeSections(routes: ServerBuild["routes"]): Map<string, ServerBuild["routes"]> {
  const all = Object.values(routes).filter((route): route is BuildRoute => route !== undefined);
  const leaves = all.filter((route) => !all.some((other) => other.parentId === route.id));
  const anywhere = new Set<string>();
  const bySegment = new Map<string, Set<string>>();
  const addWithAncestors = (ids: Set<string>, route: BuildRoute) => ancestry(route, routes).forEach((at) => ids.add(at.id));
  for (const leaf of leaves) {
    const segment = firstSegmentOf(leaf, routes);
    if (segment === undefined) addWithAncestors(anywhere, leaf);
    else {
      if (!bySegment.has(segment)) bySegment.set(segment, new Set());
      addWithAncestors(bySegment.get(segment)!, leaf);
    }
  }
  const section = (ids: Set<string>) =>
    Object.fromEntries(all.filter((route) => ids.has(route.id) || anywhere.has(route.id)).map((route) => [route.id, route]));
  return new Map([["", section(anywhere)], ...[...bySegment].map(([segment, ids]) => [segment, section(ids)] as const)]);
}

/** The section a path belongs to: its first segment as written when a section has that name, "" for "/" itself. */
export function sectionOf(pathname: string, sections: ReadonlyMap<string, unknown>): string | undefined {
  if (pathname === "/") return "";
  const end = pathname.indexOf("/", 1);
  const first = (end === -1 ? pathname.slice(1) : pathname.slice(1, end)).toLowerCase();
  return PLAIN_SEGMENT.test(first) && sections.has(first) ? first : undefined;
}

/**
 * React Router's request handler, over the section of the request's path. A
 * build loaded per request (the development server's) and a build under a
 * basename are served by the whole table.
 */
export function sectionedRequestHandler(build: ServerBuild | (() => Promise<ServerBuild>), mode?: string): RequestHandler {
  const whole = createRequestHandler(build, mode);
  if (typeof build === "function" || (build.basename ?? "/") !== "/") return whole;
  const handlers = new Map([...routeSections(build.routes)].map(([segment, routes]) => [segment, createRequestHandler({ ...build, routes }, mode)]));
  return (request, loadContext) => {
    const section = sectionOf(new URL(request.url).pathname, handlers);
    return (section === undefined ? whole : handlers.get(section)!)(request, loadContext);
  };
}
