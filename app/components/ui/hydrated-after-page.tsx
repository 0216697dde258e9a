import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { inOwnTask } from "./own-task.ts";

/** The code of every part hydrated after the page, as the server loads it when it starts (`hydratedAfterPage`). */
const serverLoads: Promise<unknown>[] = [];

/** How many of `serverLoads` are known to be in. */
let serverLoaded = 0;

/**
 * Resolves once the server has the code of every part hydrated after the page: entry.server.tsx renders after it.
 * Undefined once they are all in (every request after the first), so that a page's render waits for nothing.
 */
export function partsHydratedAfterPage(): Promise<void> | undefined {
  const count = serverLoads.length;
  if (serverLoaded === count) return undefined;
  return Promise.all(serverLoads).then(() => {
    serverLoaded = count;
  });
}

/** Resolved by the first part's effect: the page is hydrated, the parts' code may come. */
let pageHydrated: () => void = () => undefined;
const hydration = new Promise<void>((resolve) => (pageHydrated = resolve));

/** A thenable whose callback runs at once, which React's `lazy` reads in the same render (a promise's would wait). */
const readAtOnce = <T,>(value: T) => ({ then: (resolve: (value: T) => void) => resolve(value) }) as unknown as Promise<T>;

/**
 * A part of the page the server renders in full and the browser hydrates after the rest (ADR 037): its code is
 * fetched once the page is hydrated, not with the page's first scripts. Until it is in, React keeps the server's
 * markup of the part as it is (its Suspense boundary stays dehydrated): its forms, links and disclosures work as
 * without JavaScript (a submit goes to the server); then that same markup is hydrated. For a part whose every
 * control works without JavaScript. A part that a navigation shows renders once its code is in, at once when it was
 * fetched before. When the code cannot be fetched, the server's markup stays.
 *
 * The server loads the code when it starts and renders only once it has it (`partsHydratedAfterPage`), so that it
 * never sends a fallback in the part's place.
 */
export function hydratedAfterPage<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const loadOnce = () => (loading ??= load().then((component) => (loaded = component)));
  if (typeof document === "undefined") serverLoads.push(loadOnce());
  // Code in already (the server's render, a later mount): read in the same pass. A failed fetch never settles: the
  // boundary keeps the server's markup rather than failing the page.
  const Lazy = lazy(() =>
    loaded
      ? readAtOnce({ default: loaded })
      : hydration
          .then(() => inOwnTask(loadOnce))
          .then(
            (component) => ({ default: component }),
            () => new Promise<never>(() => undefined),
          ),
  );
  return function HydratedAfterPage(props: Props) {
    // After the commit that hydrated the page (or mounted the part): the code is fetched now.
    useEffect(() => pageHydrated(), []);
    // The same element on both sides and in every render: a change before the boundary is hydrated would make React
    // render the part afresh, dropping the server's markup.
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
