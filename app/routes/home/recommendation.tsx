import type { BreadcrumbHandle } from "#app/components/ui/breadcrumbs.tsx";
import { RecommendationDetail } from "#app/components/home/recommendation-detail.tsx";
import { recommendationKindOf } from "#app/lib/home/recommendations.ts";
import { recommendationDetailLoader, recommendationExists } from "#app/services/home/recommendations.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
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
