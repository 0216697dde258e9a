import { DashboardView } from "#app/components/home/dashboard-view.tsx";
import { analyticsTabOf, tabAvailable, tabFigures } from "#app/services/home/analytics.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import type { Route } from "./+types/analytics-tab";

/** Every analytics tab: which one is the last segment of the route's path (app/routes.ts). */
export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive", validate: tabAvailable })];

export async function loader(args: Route.LoaderArgs) {
  const tab = analyticsTabOf(args);
  return { tab, ...(await tabFigures(args, tab)) };
}

export default function AnalyticsTab({ loaderData }: Route.ComponentProps) {
  return <DashboardView {...loaderData} />;
}
