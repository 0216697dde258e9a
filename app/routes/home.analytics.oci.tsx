import { DashboardView } from "~/components/home/dashboard-view";
import { authorize } from "~/services/authorize.server";
import { tabFigures, hasOciTab } from "~/services/home-analytics.server";
import type { Route } from "./+types/home.analytics.oci";

export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive", validate: hasOciTab })];

export async function loader(args: Route.LoaderArgs) {
  return { tab: "oci" as const, ...(await tabFigures(args, "oci")) };
}

export default function OciTab({ loaderData }: Route.ComponentProps) {
  return <DashboardView {...loaderData} />;
}
