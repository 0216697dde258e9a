import { DashboardView } from "~/components/home/dashboard-view";
import { authorize } from "~/services/authorize.server";
import { tabFigures } from "~/services/home-analytics.server";
import type { Route } from "./+types/home.analytics.legal";

export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive" })];

export async function loader(args: Route.LoaderArgs) {
  return { tab: "legal" as const, ...(await tabFigures(args, "legal")) };
}

export default function LegalTab({ loaderData }: Route.ComponentProps) {
  return <DashboardView {...loaderData} />;
}
