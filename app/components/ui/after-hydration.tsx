import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated.ts";

/**
 * A component whose code the browser fetches once the page is hydrated, not
 * with the page's first scripts (ADR 037): for what the page does not need
 * before the first tap, such as an enhancement of markup that works without
 * JavaScript. Until its code is in (on the server, while hydrating, and the
 * moment after) `Before` is rendered in its place with the same props, the
 * markup without JavaScript; without `Before`, nothing.
 */
export function afterHydration<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  Before?: ComponentType<Props>,
): (props: Props) => ReactNode {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function AfterHydration(props: Props) {
    const hydrated = useHydrated();
    const before = Before ? <Before {...props} /> : null;
    if (!hydrated) return before;
    return (
      <Suspense fallback={before}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
