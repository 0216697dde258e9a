// @vitest-environment jsdom
/**
 * afterHydration(): a component whose code comes after the page's first
 * scripts, with the markup without JavaScript in its place until then.
 */
import { act, cleanup, render, screen } from "@testing-library/react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import type { ComponentType } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { afterHydration } from "#app/components/ui/after-hydration.tsx";
import { deferredLoad, nextTask } from "./next-task.ts";

afterEach(cleanup);

type Props = { name: string };
const Before = ({ name }: Props) => <p>{`before ${name}`}</p>;
const Loaded = ({ name }: Props) => <button type="button">{`loaded ${name}`}</button>;

describe("afterHydration", () => {
  it("renders the markup without JavaScript on the server, and fetches nothing there", () => {
    const { load } = deferredLoad<ComponentType<Props>>(Loaded);
    const Component = afterHydration(load, Before);
    expect(renderToString(<Component name="menu" />)).toBe("<p>before menu</p>");
    expect(renderToString(<Component name="menu" before={<span>form</span>} />)).toBe("<span>form</span>");
    expect(load).not.toHaveBeenCalled();
  });

  it("keeps that markup, with the same props, until the code is in, then renders the component", async () => {
    const { load, arrive } = deferredLoad<ComponentType<Props>>(Loaded);
    const Component = afterHydration(load, Before);
    render(<Component name="menu" />);
    expect(screen.getByText("before menu")).toBeTruthy();
    // Not in the task that rendered it: in one of its own, after it.
    expect(load).not.toHaveBeenCalled();
    await nextTask();
    expect(load).toHaveBeenCalledTimes(1);
    await arrive();
    expect(screen.getByRole("button", { name: "loaded menu" })).toBeTruthy();
    expect(screen.queryByText("before menu")).toBeNull();
  });

  it("fetches the code once, whether preloaded or rendered", async () => {
    const { load, arrive } = deferredLoad<ComponentType<Props>>(Loaded);
    const Component = afterHydration(load);
    Component.preload();
    Component.preload();
    const { container } = render(<Component name="dialog" />);
    // Without markup of its own before: nothing.
    expect(container.innerHTML).toBe("");
    await arrive();
    expect(screen.getByRole("button", { name: "loaded dialog" })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe("afterHydration while the page hydrates", () => {
  it("hydrates the server's markup and renders nothing again until the code is in", async () => {
    const { load, arrive } = deferredLoad<ComponentType<Props>>(Loaded);
    let renders = 0;
    const Counted = ({ name }: Props) => {
      renders++;
      return <p>{`before ${name}`}</p>;
    };
    const Component = afterHydration(load, Counted);
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Component name="menu" />);
    document.body.append(container);
    const server = container.querySelector("p");
    renders = 0;
    const root = await act(async () => hydrateRoot(container, <Component name="menu" />));
    // Hydration's one render and its effects: no render after them (a value that differs between hydrating and after
    // would make React render again, synchronously, in the task of the effects).
    expect(renders).toBe(1);
    expect(container.querySelector("p")).toBe(server);
    await arrive();
    expect(screen.getByRole("button", { name: "loaded menu" })).toBeTruthy();
    act(() => root.unmount());
    container.remove();
  });
});

describe("afterHydration's swap", () => {
  it("is a transition: nothing renders in the task the code arrives in, the component comes in a later one", async () => {
    // React's act would render everything at once: the browser's own scheduling is what this test reads.
    const reactActEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = reactActEnvironment.IS_REACT_ACT_ENVIRONMENT;
    reactActEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.createElement("div");
    const root = createRoot(container);
    try {
      let arrive!: (component: ComponentType<Props>) => void;
      const Component = afterHydration<Props>(() => new Promise((resolve) => (arrive = resolve)), Before);
      root.render(<Component name="menu" />);
      await vi.waitFor(() => expect(arrive).toBeTypeOf("function"));
      expect(container.textContent).toBe("before menu");
      arrive(Loaded);
      // Every microtask the arrival queued (a synchronous render would be done by then), none of the later tasks.
      for (let turn = 0; turn < 10; turn++) await Promise.resolve();
      expect(container.textContent).toBe("before menu");
      await vi.waitFor(() => expect(container.textContent).toBe("loaded menu"));
    } finally {
      root.unmount();
      reactActEnvironment.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it("keeps the focus on the control of the same id when the markup it replaced had it", async () => {
    const { load, arrive } = deferredLoad<ComponentType<Props>>(Loaded);
    const Component = afterHydration<Props>(
      () => load().then(() => ({ name }: Props) => <input id="picker" aria-label={`enhanced ${name}`} />),
      ({ name }: Props) => <select id="picker" aria-label={`native ${name}`} />,
    );
    render(<Component name="field" />);
    screen.getByRole("combobox", { name: "native field" }).focus();
    await arrive();
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "enhanced field" }));
  });
});

describe("afterHydration when the code cannot be fetched", () => {
  it("keeps the markup without JavaScript instead of failing the page", async () => {
    const load = vi.fn(() => Promise.reject(new Error("offline")));
    const Component = afterHydration<Props>(load, Before);
    render(<Component name="menu" />);
    await nextTask();
    await act(async () => {});
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText("before menu")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
