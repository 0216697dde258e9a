import { DashboardView } from "~/components/home/dashboard-view";
import { authorize } from "~/services/authorize.server";
import { tabFigures } from "~/services/home-analytics.server";
import type { Route } from "./+types/home.analytics.performance";

export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive" })];

export async function loader(args: Route.LoaderArgs) {
  return { tab: "performance" as const, ...(await tabFigures(args, "performance")) };
}

export default function PerformanceTab({ loaderData }: Route.ComponentProps) {
  return <DashboardView {...loaderData} />;
}
