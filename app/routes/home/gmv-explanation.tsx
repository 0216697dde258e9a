import type { BreadcrumbHandle } from "#app/components/ui/breadcrumbs.tsx";
import { RichText } from "#app/components/home/rich-text.tsx";
import { authorize } from "#app/services/session/authorize.server.ts";
import { gmvExplanationLoader } from "#app/services/home/recommendations.server.ts";
import type { Route } from "./+types/gmv-explanation";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle: BreadcrumbHandle = { breadcrumb: { labelKey: "recommendations.gmv.title" } };

export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive" })];

export async function loader(args: Route.LoaderArgs) {
  return gmvExplanationLoader(args);
}

/** How the GMV at stake is estimated, in the service's words (its heading is the page's). */
function GmvExplanation({ loaderData }: Route.ComponentProps) {
  return (
    <article className="gmv-explanation">
      <h1 className="visually-hidden">{loaderData.title}</h1>
      <RichText html={loaderData.html} />
    </article>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "GMV"} · Seller Portal` }];

export default routeComponent(GmvExplanation);
