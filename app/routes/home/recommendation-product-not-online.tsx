import type { BreadcrumbHandle } from "#app/components/ui/breadcrumbs.tsx";
import { RecommendationDetail } from "#app/components/home/recommendation-detail.tsx";
import { recommendationDetailLoader, recommendationExists } from "#app/services/home/recommendations.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import type { Route } from "./+types/recommendation-product-not-online";
import { routeComponent } from "#app/lib/route-component.ts";

/** A recommendation's detail page, kind PRODUCT_NOT_ONLINE: the four kinds' modules differ only in the kind they name (RecommendationDetail). */
export const handle: BreadcrumbHandle = { breadcrumb: { labelKey: "recommendations.kinds.PRODUCT_NOT_ONLINE.crumb" } };

export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive", validate: recommendationExists("PRODUCT_NOT_ONLINE") })];

export async function loader(args: Route.LoaderArgs) {
  return recommendationDetailLoader(args);
}

function ProductNotOnlineRecommendation({ loaderData }: Route.ComponentProps) {
  return <RecommendationDetail {...loaderData} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Recommendation"} · Seller Portal` }];

export default routeComponent(ProductNotOnlineRecommendation);
