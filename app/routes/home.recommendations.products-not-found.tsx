import type { BreadcrumbHandle } from "~/components/breadcrumbs";
import { RecommendationDetail } from "~/components/home/recommendation-detail";
import { authorize } from "~/services/authorize.server";
import { recommendationDetailLoader, recommendationExists } from "~/services/home-recommendations.server";
import type { Route } from "./+types/home.recommendations.products-not-found";

export const handle: BreadcrumbHandle = { breadcrumb: { labelKey: "recommendations.kinds.PRODUCTS_NOT_FOUND.crumb" } };

export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive", validate: recommendationExists("PRODUCTS_NOT_FOUND") })];

export async function loader(args: Route.LoaderArgs) {
  return recommendationDetailLoader(args);
}

export default function ProductsNotFound({ loaderData }: Route.ComponentProps) {
  return <RecommendationDetail {...loaderData} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Recommendation"} · Seller Portal` }];
