import { memo, type ComponentType } from "react";

/**
 * A route module's component, rendered again only when what React Router hands it changes: its loader's or action's
 * data, the matches, or the values of its params. React Router renders its whole route tree on every change of its
 * state, also those that change no page's data: the routes of a page's links found after hydration (ADR 039, one render
 * of every page a moment after it hydrated, setting every form control's props again) and each step of a navigation's
 * state. What a page reads of those (`useNavigation`, `useFetcher`, the location) reaches the components that read it
 * through React Router's context all the same. ADR 043.
 */
export function routeComponent<Props extends object>(component: ComponentType<Props>) {
  return memo(component, sameRouteProps);
}

/** React Router's props for a route's component, compared: each by identity but the params, which it copies anew on every render. */
export function sameRouteProps(previous: object, next: object): boolean {
  return sameEntries(previous, next, (key, before, after) => (key === "params" ? sameEntries(before, after) : Object.is(before, after)));
}

/** The same value, or two objects with the same keys whose values `same` holds equal (by identity unless it is given). */
function sameEntries(before: unknown, after: unknown, same = (_key: string, a: unknown, b: unknown) => Object.is(a, b)): boolean {
  if (Object.is(before, after)) return true;
  if (typeof before !== "object" || typeof after !== "object" || before === null || after === null) return false;
  const keys = Object.keys(after);
  return (
    Object.keys(before).length === keys.length &&
    keys.every((key) => same(key, (before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key]))
  );
}
