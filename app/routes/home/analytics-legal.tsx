import { DashboardView } from "#app/components/home/dashboard-view.tsx";
import { tabAvailable, tabPage } from "#app/services/home/analytics.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import type { Route } from "./+types/analytics-legal";
import { routeComponent } from "#app/lib/route-component.ts";

/** The analytics' legal tab: the six tab modules differ only in the tab they name (analytics.server.ts, DashboardView). */
export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive", validate: tabAvailable("legal") })];

export async function loader(args: Route.LoaderArgs) {
  return tabPage(args, "legal");
}

function LegalTab({ loaderData }: Route.ComponentProps) {
  return <DashboardView {...loaderData} />;
}

export default routeComponent(LegalTab);
