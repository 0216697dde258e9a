import { useRouteLoaderData } from "react-router";
import type { loader } from "#app/routes/onboarding/shop-setup.tsx";

/** The shop setup's data for its step pages: each step's status and why it may be read-only. */
export function useShopSetup() {
  const setup = useRouteLoaderData<typeof loader>("shop-setup");
  if (!setup) throw new Error("useShopSetup outside /shop-setup");
  return setup;
}
