// @vitest-environment jsdom
/**
 * routeComponent(): a route module's component as React Router renders it in framework mode (wrapped by
 * `withComponentProps`, as the Vite plugin wraps every route module's default export), rendered again only when its
 * data or params change, while what its children read from the router's context still reaches them.
 */
import { act, cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, UNSAFE_withComponentProps, useNavigation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { routeComponent, sameRouteProps } from "#app/lib/route-component.ts";

afterEach(cleanup);

function NavigationState() {
  return <p data-testid="navigation">{useNavigation().state}</p>;
}

function itemRouter() {
  const rendered = vi.fn();
  const loads: Array<() => void> = [];
  let loaded = 0;
  function ItemPage({ loaderData, params }: { loaderData: { load: number }; params: { id?: string } }) {
    rendered();
    return (
      <main>
        <h1>{`Item ${params.id}, load ${loaderData.load}`}</h1>
        <NavigationState />
      </main>
    );
  }
  const router = createMemoryRouter(
    [
      {
        id: "item",
        path: "/items/:id",
        // The first load answers at once; later ones when the test lets them.
        loader: () => (loaded === 0 ? { load: ++loaded } : new Promise((resolve) => loads.push(() => resolve({ load: ++loaded })))),
        Component: UNSAFE_withComponentProps(routeComponent(ItemPage)),
      },
    ],
    { initialEntries: ["/items/1"] },
  );
  const answer = () => act(async () => loads.shift()?.());
  return { router, rendered, answer };
}

describe("routeComponent", () => {
  it("is not rendered again when React Router finds a route (its route discovery after hydration)", async () => {
    const { router, rendered } = itemRouter();
    render(<RouterProvider router={router} />);
    await screen.findByRole("heading", { name: "Item 1, load 1" });
    const before = rendered.mock.calls.length;
    await act(async () => router.patchRoutes(null, [{ id: "other", path: "/other" }]));
    expect(router.routes.map((route) => route.id)).toContain("other");
    expect(rendered).toHaveBeenCalledTimes(before);
  });

  it("leaves a navigation's state to the components that read it, and renders the new page's data and params", async () => {
    const { router, rendered, answer } = itemRouter();
    render(<RouterProvider router={router} />);
    await screen.findByRole("heading", { name: "Item 1, load 1" });
    const before = rendered.mock.calls.length;
    await act(async () => void router.navigate("/items/2"));
    expect(screen.getByTestId("navigation").textContent).toBe("loading");
    expect(rendered).toHaveBeenCalledTimes(before);
    await answer();
    await screen.findByRole("heading", { name: "Item 2, load 2" });
    expect(screen.getByTestId("navigation").textContent).toBe("idle");
  });

  it("is rendered again when its loader answers anew for the same params", async () => {
    const { router, answer } = itemRouter();
    render(<RouterProvider router={router} />);
    await screen.findByRole("heading", { name: "Item 1, load 1" });
    await act(async () => void router.revalidate());
    await answer();
    await screen.findByRole("heading", { name: "Item 1, load 2" });
  });
});

describe("sameRouteProps", () => {
  const loaderData = { seller: "s-1" };
  const matches: unknown[] = [];
  const props = (params: Record<string, string | undefined>, data: unknown = loaderData) => ({ params, loaderData: data, actionData: undefined, matches });

  it("holds params equal by their values, the rest by identity", () => {
    expect(sameRouteProps(props({ sellerId: "s-1" }), props({ sellerId: "s-1" }))).toBe(true);
    expect(sameRouteProps(props({}), props({}))).toBe(true);
    expect(sameRouteProps(props({ sellerId: "s-1" }), props({ sellerId: "s-2" }))).toBe(false);
    expect(sameRouteProps(props({ sellerId: "s-1" }), props({ sellerId: "s-1", changeId: "c-1" }))).toBe(false);
    expect(sameRouteProps(props({ sellerId: "s-1", changeId: "c-1" }), props({ sellerId: "s-1" }))).toBe(false);
    expect(sameRouteProps(props({ sellerId: "s-1" }), props({ sellerId: "s-1" }, { seller: "s-1" }))).toBe(false);
    expect(sameRouteProps(props({}), { ...props({}), matches: [] })).toBe(false);
    expect(sameRouteProps(props({}), { ...props({}), actionData: { status: "error" } })).toBe(false);
  });

  it("holds props with another set of names apart", () => {
    expect(sameRouteProps(props({}), { ...props({}), extra: 1 })).toBe(false);
    const { matches: _left, ...fewer } = props({});
    expect(sameRouteProps(props({}), { ...fewer, other: matches })).toBe(false);
  });
});
