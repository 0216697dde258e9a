import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { routeSections, sectionOf } from "../../server/route-sections.ts";

type BuildRoutes = ServerBuild["routes"];

/** app/routes.ts as the server build lays it out: one record per route, by id, each naming its parent, in the file's order. */
function asBuildRoutes(entries: RouteConfigEntry[], parentId?: string, into: BuildRoutes = {}): BuildRoutes {
  for (const [position, entry] of entries.entries()) {
    const id = entry.id ?? `${parentId ?? "root"}.${position}`;
    into[id] = { id, parentId: parentId ?? "root", path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive, module: {} as never };
    if (entry.children) asBuildRoutes(entry.children, id, into);
  }
  return into;
}

const table: BuildRoutes = { root: { id: "root", path: "", module: {} as never }, ...asBuildRoutes(routes as RouteConfigEntry[]) };

function tree(routesById: BuildRoutes, parentId?: string): RouteObject[] {
  return Object.values(routesById)
    .filter((route) => route!.parentId === parentId)
    .map((route) =>
      route!.index
        ? { id: route!.id, index: true }
        : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children: tree(routesById, route!.id) },
    );
}

const matched = (routesById: BuildRoutes, path: string) => (matchRoutes(tree(routesById), path) ?? []).map((match) => match.route.id);

/** Every leaf's full path with its parameters filled in, and paths no route has. */
function samplePaths(): string[] {
  const full = (id: string): string => {
    const route = table[id]!;
    const parent = route.parentId ? full(route.parentId) : "";
    return route.path ? `${parent}/${route.path}` : parent;
  };
  const leaves = Object.keys(table).filter((id) => !Object.values(table).some((route) => route!.parentId === id));
  const filled = leaves.map((id) => (full(id) || "/").replace(/:[\w]+\??/g, "s-1").replace(/\*$/, "no/such/page"));
  return [
    ...new Set([
      ...filled,
      ...filled.map((path) => path.toUpperCase()),
      ...filled.map((path) => `${path}/extra`),
      "/home",
      "/home/no-such-page",
      "/shop-setup",
    ]),
  ];
}

describe("the route table in sections", () => {
  const sections = routeSections(table);

  it("cuts the table by the routes' first segments, each section holding the routes that match anything", () => {
    expect([...sections.keys()]).toEqual(expect.arrayContaining(["", "home", "shop-setup", "upload", "seller-list", "login"]));
    for (const [segment, section] of sections) {
      expect(section.root, segment).toBeDefined();
      expect(section["not-found"], segment).toBeDefined();
    }
    expect(Object.keys(sections.get("home")!).length).toBeLessThan(Object.keys(table).length / 2);
    expect(Object.keys(sections.get("")!)).not.toContain("shop-setup");
  });

  it("gives every path the route the whole table gives it", () => {
    const paths = samplePaths();
    expect(paths.length).toBeGreaterThan(100);
    let inSection = 0;
    for (const path of paths) {
      const section = sectionOf(path, sections);
      if (section === undefined) continue;
      inSection++;
      expect(matched(sections.get(section)!, path), path).toEqual(matched(table, path));
    }
    expect(inSection).toBeGreaterThan(paths.length * 0.9);
  });

  it("leaves to the whole table a path whose first segment is no section's plain name", () => {
    expect(sectionOf("/", sections)).toBe("");
    expect(sectionOf("/home/overview", sections)).toBe("home");
    expect(sectionOf("/Home/overview", sections)).toBe("home");
    expect(sectionOf("/home/overview.data", sections)).toBe("home");
    expect(sectionOf("/seller-list", sections)).toBe("seller-list");
    for (const path of ["/h%6Fme/overview", "/__manifest", "/_root.data", "/login.data", "//home", "/no-such-page", "/home.", "/.well-known/x"]) {
      expect(sectionOf(path, sections), path).toBeUndefined();
    }
  });
});
