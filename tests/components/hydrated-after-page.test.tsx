// @vitest-environment jsdom
/**
 * hydratedAfterPage(): a part the server renders in full, whose code the
 * browser fetches once the page is hydrated; React keeps the server's markup
 * of it, then hydrates that same markup.
 */
import { act } from "@testing-library/react";
import { Suspense, useState, type ComponentType } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hydratedAfterPage } from "#app/components/ui/hydrated-after-page.tsx";
import { deferredLoad, nextTask } from "./next-task.ts";

type Props = { name: string };

/** The part: a form that works without JavaScript, and a counter only a script can move. */
function Part({ name }: Props) {
  const [clicks, setClicks] = useState(0);
  return (
    <form method="post" action="/upload/catalog">
      <button type="submit" onClick={(event) => (event.preventDefault(), setClicks(clicks + 1))}>{`${name} ${clicks}`}</button>
    </form>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

/** The page as the server sent it: the part's markup in its Suspense boundary, beside the page's own. */
function serverPage(): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = renderToString(
    <main>
      <h1>Catalogue</h1>
      <Suspense fallback={null}>
        <Part name="mapping" />
      </Suspense>
    </main>,
  );
  document.body.append(container);
  return container;
}

function Page({ Component }: { Component: ComponentType<Props> }) {
  return (
    <main>
      <h1>Catalogue</h1>
      <Component name="mapping" />
    </main>
  );
}

describe("hydratedAfterPage", () => {
  it("fetches the code once the page is hydrated, keeps the server's markup until then, then hydrates that markup", async () => {
    const errors = vi.spyOn(console, "error");
    const { load, arrive } = deferredLoad<ComponentType<Props>>(Part);
    const Component = hydratedAfterPage(load);
    const container = serverPage();
    const button = container.querySelector("button")!;

    await act(async () => {
      root = hydrateRoot(container, <Page Component={Component} />);
    });
    // Not in the task of the hydrating commit's effects: in one of its own, after it.
    expect(load).not.toHaveBeenCalled();
    await nextTask();
    expect(load).toHaveBeenCalledTimes(1);
    // Not hydrated yet: the server's node, and no script behind it (a click would submit the form to the server).
    expect(container.querySelector("button")).toBe(button);
    expect(button.textContent).toBe("mapping 0");

    await arrive();
    expect(container.querySelector("button")).toBe(button);
    await act(async () => button.click());
    expect(button.textContent).toBe("mapping 1");
    expect(errors).not.toHaveBeenCalled();
  });

  it("renders at once where its code is in already (a navigation shows it after the first page)", async () => {
    const { load, arrive } = deferredLoad<ComponentType<Props>>(Part);
    const Component = hydratedAfterPage(load);
    const container = serverPage();
    await act(async () => {
      root = hydrateRoot(container, <Page Component={Component} />);
    });
    await arrive();
    act(() => root!.render(<main />));
    act(() => root!.render(<Page Component={Component} />));
    expect(container.querySelector("button")?.textContent).toBe("mapping 0");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("keeps the server's markup when the code cannot be fetched", async () => {
    const errors = vi.spyOn(console, "error");
    const Component = hydratedAfterPage<Props>(() => Promise.reject(new Error("offline")));
    const container = serverPage();
    const button = container.querySelector("button")!;
    await act(async () => {
      root = hydrateRoot(container, <Page Component={Component} />);
    });
    await act(async () => {});
    expect(container.querySelector("button")).toBe(button);
    expect(button.textContent).toBe("mapping 0");
    expect(errors).not.toHaveBeenCalled();
  });
});
