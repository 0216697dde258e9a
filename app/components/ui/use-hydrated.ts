import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/** False on the server and while hydrating, true afterwards: both renders of hydration match. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
