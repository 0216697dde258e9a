import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { inOwnTask } from "./own-task.ts";

type AfterHydration<Props> = ((props: Props & { before?: ReactNode }) => ReactNode) & {
  /** Starts fetching the code now (once hydrated, for what a click will show), so that it is there when it is shown. */
  preload: () => void;
};

/**
 * A component whose code the browser fetches once the page is hydrated, not
 * with the page's first scripts (ADR 037): for what the page does not need
 * before the first tap, such as an enhancement of markup that works without
 * JavaScript. Until its code is in (on the server, while hydrating, and the
 * moment after) the markup without JavaScript stands in its place: the
 * `before` prop, or else `Before` rendered with the same props, or else
 * nothing. When the code cannot be fetched (offline, a deploy in between),
 * that markup stays: the page works as without JavaScript there.
 *
 * The code is fetched in an effect (or by `preload`), so none is in while the
 * page hydrates: hydration renders what the server did and leaves nothing to
 * render again after it (ADR 042). A component mounted later, the code in,
 * renders it at once. The code's arrival swaps the markup for the component
 * in a transition, which React renders in short tasks the browser can answer
 * a tap between: swapped at once, the first render of new code (the account
 * menu's) was one task, of up to 30 ms on a fast machine (ADR 042).
 */
export function afterHydration<Props extends object>(load: () => Promise<ComponentType<Props>>, Before?: ComponentType<Props>): AfterHydration<Props> {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const loadOnce = () =>
    (loading ??= inOwnTask(load).then(
      (component) => {
        loaded = component;
        for (const listener of listeners) listener();
      },
      // A failure leaves the markup without JavaScript in place.
      () => undefined,
    ));

  function AfterHydration({ before, ...rest }: Props & { before?: ReactNode }) {
    const props = rest as Props;
    const [Component, setComponent] = useState(() => loaded);
    useEffect(() => {
      const show = () => startTransition(() => setComponent(() => loaded));
      listeners.add(show);
      // Arrived between this render and its effect.
      if (loaded) show();
      void loadOnce();
      return () => {
        listeners.delete(show);
      };
    }, []);
    if (Component) return <Enhanced Component={Component} props={props} />;
    return before !== undefined ? before : Before ? <Before {...props} /> : null;
  }
  return Object.assign(AfterHydration, {
    preload: () => {
      void loadOnce();
    },
  });
}

/**
 * The component in place of the markup it replaces, which may have had the focus (a select tabbed to, a search field
 * clicked into): it keeps it where the component has an element of the same id, its enhanced control.
 */
function Enhanced<Props extends object>({ Component, props }: { Component: ComponentType<Props>; props: Props }) {
  const focused = useRef(typeof document === "undefined" ? "" : document.activeElement?.id);
  useLayoutEffect(() => {
    if (focused.current && document.activeElement === document.body) document.getElementById(focused.current)?.focus();
  }, []);
  return <Component {...props} />;
}
