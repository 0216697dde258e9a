import type { BreadcrumbHandle } from "#app/components/ui/breadcrumbs.tsx";
import { RecommendationDetail } from "#app/components/home/recommendation-detail.tsx";
import { recommendationDetailLoader, recommendationExists } from "#app/services/home/recommendations.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import type { Route } from "./+types/recommendation-offers-may-be-offline-soon";
import { routeComponent } from "#app/lib/route-component.ts";

/** A recommendation's detail page, kind OFFERS_MAY_BE_OFFLINE_SOON: the four kinds' modules differ only in the kind they name (RecommendationDetail). */
export const handle: BreadcrumbHandle = { breadcrumb: { labelKey: "recommendations.kinds.OFFERS_MAY_BE_OFFLINE_SOON.crumb" } };

export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive", validate: recommendationExists("OFFERS_MAY_BE_OFFLINE_SOON") })];

export async function loader(args: Route.LoaderArgs) {
  return recommendationDetailLoader(args);
}

function OffersMayBeOfflineSoonRecommendation({ loaderData }: Route.ComponentProps) {
  return <RecommendationDetail {...loaderData} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Recommendation"} · Seller Portal` }];

export default routeComponent(OffersMayBeOfflineSoonRecommendation);
