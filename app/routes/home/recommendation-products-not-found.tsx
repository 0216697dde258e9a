import type { BreadcrumbHandle } from "#app/components/ui/breadcrumbs.tsx";
import { RecommendationDetail } from "#app/components/home/recommendation-detail.tsx";
import { recommendationDetailLoader, recommendationExists } from "#app/services/home/recommendations.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import type { Route } from "./+types/recommendation-products-not-found";
import { routeComponent } from "#app/lib/route-component.ts";

/** A recommendation's detail page, kind PRODUCTS_NOT_FOUND: the four kinds' modules differ only in the kind they name (RecommendationDetail). */
export const handle: BreadcrumbHandle = { breadcrumb: { labelKey: "recommendations.kinds.PRODUCTS_NOT_FOUND.crumb" } };

export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive", validate: recommendationExists("PRODUCTS_NOT_FOUND") })];

export async function loader(args: Route.LoaderArgs) {
  return recommendationDetailLoader(args);
}

function ProductsNotFoundRecommendation({ loaderData }: Route.ComponentProps) {
  return <RecommendationDetail {...loaderData} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Recommendation"} · Seller Portal` }];

export default routeComponent(ProductsNotFoundRecommendation);
