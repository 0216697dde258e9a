import type { BreadcrumbHandle } from "~/components/breadcrumbs";
import { RecommendationDetail } from "~/components/home/recommendation-detail";
import { authorize } from "~/services/authorize.server";
import { recommendationDetailLoader, recommendationExists } from "~/services/home-recommendations.server";
import type { Route } from "./+types/home.recommendations.offers-may-be-offline-soon";

export const handle: BreadcrumbHandle = { breadcrumb: { labelKey: "recommendations.kinds.OFFERS_MAY_BE_OFFLINE_SOON.crumb" } };

export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive", validate: recommendationExists("OFFERS_MAY_BE_OFFLINE_SOON") })];

export async function loader(args: Route.LoaderArgs) {
  return recommendationDetailLoader(args);
}

export default function OffersMayBeOfflineSoon({ loaderData }: Route.ComponentProps) {
  return <RecommendationDetail {...loaderData} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Recommendation"} · Seller Portal` }];
