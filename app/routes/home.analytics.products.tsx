import { DashboardView } from "~/components/home/dashboard-view";
import { authorize } from "~/services/authorize.server";
import { tabFigures } from "~/services/home-analytics.server";
import type { Route } from "./+types/home.analytics.products";

export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive" })];

export async function loader(args: Route.LoaderArgs) {
  return { tab: "products" as const, ...(await tabFigures(args, "products")) };
}

export default function ProductsTab({ loaderData }: Route.ComponentProps) {
  return <DashboardView {...loaderData} />;
}
