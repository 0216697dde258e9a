import type { BreadcrumbHandle } from "~/components/breadcrumbs";
import { RecommendationDetail } from "~/components/home/recommendation-detail";
import { authorize } from "~/services/authorize.server";
import { recommendationDetailLoader, recommendationExists } from "~/services/home-recommendations.server";
import type { Route } from "./+types/home.recommendations.product-not-online";

export const handle: BreadcrumbHandle = { breadcrumb: { labelKey: "recommendations.kinds.PRODUCT_NOT_ONLINE.crumb" } };

export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive", validate: recommendationExists("PRODUCT_NOT_ONLINE") })];

export async function loader(args: Route.LoaderArgs) {
  return recommendationDetailLoader(args);
}

export default function ProductNotOnline({ loaderData }: Route.ComponentProps) {
  return <RecommendationDetail {...loaderData} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Recommendation"} · Seller Portal` }];
