/**
 * What the portal relies on React Router to answer (kept from when it was
 * patched, ADR 026): every level of a match with its pathname, pathname base
 * and the one params object, links resolved against their route, and the
 * static router's matches for each request on the same routes.
 */
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, Link, matchRoutes, NavLink, StaticRouterProvider, useParams, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";

/** Pathless layouts at the top, under a path, under a parameter; an optional parameter; a splat; a case-sensitive path. */
const tree: RouteObject[] = [
  {
    id: "root",
    path: "",
    children: [
      {
        id: "shop",
        path: "shop",
        children: [
          {
            id: "shop-frame",
            children: [
              {
                id: "shop-tabs",
                children: [
                  { id: "shop-index", index: true },
                  {
                    id: "item",
                    path: ":itemId",
                    children: [{ id: "item-frame", children: [{ id: "variant", path: "variants/:variantId?" }] }],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        id: "frame",
        children: [
          { id: "files", path: "files/*" },
          { id: "exact", path: "Exact", caseSensitive: true },
        ],
      },
      { id: "missing", path: "*" },
    ],
  },
];

function levels(pathname: string) {
  const matches = matchRoutes(tree, pathname);
  return matches?.map((match) => [match.route.id, match.pathname, match.pathnameBase]);
}

describe("route matching", () => {
  it("gives each level its pathname and base, pathless levels included, and one params object to all", () => {
    const matches = matchRoutes(tree, "/shop/lamp-7/variants/red")!;
    expect(matches.map((match) => [match.route.id, match.pathname, match.pathnameBase])).toEqual([
      ["root", "/", "/"],
      ["shop", "/shop", "/shop"],
      ["shop-frame", "/shop/", "/shop"],
      ["shop-tabs", "/shop/", "/shop"],
      ["item", "/shop/lamp-7", "/shop/lamp-7"],
      ["item-frame", "/shop/lamp-7/", "/shop/lamp-7"],
      ["variant", "/shop/lamp-7/variants/red", "/shop/lamp-7/variants/red"],
    ]);
    expect(matches[0]!.params).toEqual({ itemId: "lamp-7", variantId: "red" });
    for (const match of matches) expect(match.params).toBe(matches[0]!.params);
  });

  it("matches an index, an optional parameter left out, a splat and a case-sensitive path as React Router does", () => {
    expect(levels("/shop")).toEqual([
      ["root", "/", "/"],
      ["shop", "/shop", "/shop"],
      ["shop-frame", "/shop/", "/shop"],
      ["shop-tabs", "/shop/", "/shop"],
      ["shop-index", "/shop/", "/shop"],
    ]);
    expect(matchRoutes(tree, "/SHOP/Lamp-7/VARIANTS")!.map((match) => match.route.id)).toEqual([
      "root",
      "shop",
      "shop-frame",
      "shop-tabs",
      "item",
      "item-frame",
      "variant",
    ]);
    expect(matchRoutes(tree, "/shop/lamp-7/variants")![0]!.params).toEqual({ itemId: "lamp-7", variantId: undefined });
    expect(levels("/files/a/b.csv")).toEqual([
      ["root", "/", "/"],
      ["frame", "/", "/"],
      ["files", "/files/a/b.csv", "/files"],
    ]);
    expect(matchRoutes(tree, "/files/a/b.csv")![0]!.params).toEqual({ "*": "a/b.csv" });
    expect(levels("/Exact")?.at(-1)?.[0]).toBe("exact");
    // A branch that fails past its pathless levels leaves nothing behind: the next branch answers.
    expect(levels("/exact")).toEqual([
      ["root", "/", "/"],
      ["missing", "/exact", "/"],
    ]);
    expect(levels("/shop/lamp-7/colours")?.map(([id]) => id)).toEqual(["root", "missing"]);
  });

  it("finds nothing outside the basename", () => {
    expect(matchRoutes(tree, "/shop", "/portal")).toBeNull();
    expect(matchRoutes(tree, "/portal/shop", "/portal")?.at(-1)?.route.id).toBe("shop-index");
  });
});

async function render(routes: RouteObject[], url: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://portal.test${url}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
}

function ItemLinks() {
  const { itemId } = useParams();
  return (
    <nav>
      <Link to="/shop">absolute</Link>
      <Link to="edit">relative</Link>
      <Link to="..">up</Link>
      <Link to=".." relative="path">
        up a path
      </Link>
      <Link to={{ pathname: "../other", search: "?tab=2" }}>object</Link>
      <NavLink to={`/shop/${itemId}`}>here</NavLink>
      <Link to="/shop/../files/x?y=1#z">absolute with dots</Link>
    </nav>
  );
}

describe("links", () => {
  it("resolve absolute paths alone and relative ones against their route, in a nested route", async () => {
    const routes: RouteObject[] = [{ path: "/", children: [{ path: "shop", children: [{ children: [{ path: ":itemId/details", Component: ItemLinks }] }] }] }];
    const html = await render(routes, "/shop/lamp-7/details");
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map(([, href]) => href);
    expect(hrefs).toEqual(["/shop", "/shop/lamp-7/details/edit", "/shop", "/shop/lamp-7", "/shop/other?tab=2", "/shop/lamp-7", "/files/x?y=1#z"]);
  });
});

describe("the static router", () => {
  it("answers each request's own matches on the same routes", async () => {
    const routes: RouteObject[] = [{ path: "/", children: [{ path: "a" }, { path: "b" }] }];
    const handler = createStaticHandler(routes);
    const first = await handler.query(new Request("http://portal.test/a"));
    const second = await handler.query(new Request("http://portal.test/b"));
    if (first instanceof Response || second instanceof Response) throw new Error("unexpected response");
    const one = createStaticRouter(handler.dataRoutes, first);
    const two = createStaticRouter(handler.dataRoutes, second);
    expect(one.state.matches.map((match) => match.route.path)).toEqual(["/", "a"]);
    expect(two.state.matches.map((match) => match.route.path)).toEqual(["/", "b"]);
  });
});
