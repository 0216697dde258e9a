import type { BreadcrumbHandle } from "~/shared/ui/breadcrumbs";
import { RecommendationDetail } from "~/features/home/recommendations/recommendation-detail";
import { recommendationKindOf } from "~/features/home/recommendations/recommendations";
import { recommendationDetailLoader, recommendationExists } from "~/features/home/recommendations/recommendations.server";
import { authorize } from "~/features/shell/authorize.server";
import type { Route } from "./+types/recommendation";

/** Every kind's detail page: which kind is the path's segment after /home/recommendations/ (app/routes.ts). */
export const handle: BreadcrumbHandle = { breadcrumb: { labelKey: (pathname) => `recommendations.kinds.${recommendationKindOf(pathname)}.crumb` } };

export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive", validate: recommendationExists })];

export async function loader(args: Route.LoaderArgs) {
  return recommendationDetailLoader(args);
}

export default function Recommendation({ loaderData }: Route.ComponentProps) {
  return <RecommendationDetail {...loaderData} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Recommendation"} · Seller Portal` }];
