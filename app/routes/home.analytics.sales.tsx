import { DashboardView } from "~/components/home/dashboard-view";
import { authorize } from "~/services/authorize.server";
import { tabFigures } from "~/services/home-analytics.server";
import type { Route } from "./+types/home.analytics.sales";

export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive" })];

export async function loader(args: Route.LoaderArgs) {
  return { tab: "sales" as const, ...(await tabFigures(args, "sales")) };
}

export default function SalesTab({ loaderData }: Route.ComponentProps) {
  return <DashboardView {...loaderData} />;
}
