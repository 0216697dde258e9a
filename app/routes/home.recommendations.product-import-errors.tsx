import type { BreadcrumbHandle } from "~/components/breadcrumbs";
import { RecommendationDetail } from "~/components/home/recommendation-detail";
import { authorize } from "~/services/authorize.server";
import { recommendationDetailLoader, recommendationExists } from "~/services/home-recommendations.server";
import type { Route } from "./+types/home.recommendations.product-import-errors";

export const handle: BreadcrumbHandle = { breadcrumb: { labelKey: "recommendations.kinds.PRODUCT_IMPORT_ERRORS.crumb" } };

export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive", validate: recommendationExists("PRODUCT_IMPORT_ERRORS") })];

export async function loader(args: Route.LoaderArgs) {
  return recommendationDetailLoader(args);
}

export default function ProductImportErrors({ loaderData }: Route.ComponentProps) {
  return <RecommendationDetail {...loaderData} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Recommendation"} · Seller Portal` }];
