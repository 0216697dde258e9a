import { lazy, Suspense, useLayoutEffect, useRef, type ComponentType, type ReactNode } from "react";
import { inOwnTask } from "./own-task.ts";
import { useHydrated } from "./use-hydrated.ts";

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
 */
export function afterHydration<Props extends object>(load: () => Promise<ComponentType<Props>>, Before?: ComponentType<Props>): AfterHydration<Props> {
  let loading: Promise<ComponentType<Props>> | undefined;
  const loadOnce = () => (loading ??= inOwnTask(load));
  const Loaded = lazy(async () => {
    const Component = await loadOnce().catch(() => null);
    return {
      default: function Enhanced({ fallback, ...rest }: Props & { fallback: ReactNode }) {
        // The markup it replaces may have the focus (a select tabbed to, a search field clicked into): it keeps it
        // where the component has an element of the same id, its enhanced control.
        const focused = useRef(typeof document === "undefined" ? "" : document.activeElement?.id);
        useLayoutEffect(() => {
          if (focused.current && document.activeElement === document.body) document.getElementById(focused.current)?.focus();
        }, []);
        return Component ? <Component {...(rest as Props)} /> : fallback;
      },
    };
  });
  function AfterHydration({ before, ...rest }: Props & { before?: ReactNode }) {
    const props = rest as Props;
    const hydrated = useHydrated();
    const fallback = before !== undefined ? before : Before ? <Before {...props} /> : null;
    if (!hydrated) return fallback;
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} fallback={fallback} />
      </Suspense>
    );
  }
  return Object.assign(AfterHydration, {
    preload: () => {
      // A failure shows when the component is rendered: the markup without JavaScript stays.
      loadOnce().catch(() => undefined);
    },
  });
}
