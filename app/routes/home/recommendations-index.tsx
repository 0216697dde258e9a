import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { RecommendationSummary } from "#app/components/home/recommendation-summary.tsx";
import { RichText } from "#app/components/home/rich-text.tsx";
import { authorize } from "#app/services/session/authorize.server.ts";
import { recommendationsLoader } from "#app/services/home/recommendations.server.ts";
import type { Route } from "./+types/recommendations-index";
import { routeComponent } from "#app/lib/route-component.ts";

export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive" })];

export async function loader(args: Route.LoaderArgs) {
  return recommendationsLoader(args);
}

/** Every recommended action of the seller's shops, the most GMV at stake first. */
function Recommendations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { actions, shopNames } = loaderData;
  return (
    <div className="recommendations">
      <h1>{t("recommendations.title")}</h1>
      <p>{t("recommendations.lead", { count: actions.length })}</p>
      {actions.length === 0 ? <p>{t("recommendations.none")}</p> : null}
      <ol className="recommendation-list">
        {actions.map((action) => (
          <li key={action.id}>
            <RecommendationSummary action={action} shopName={shopNames[action.shopId]} heading="h2" />
            <RichText html={action.descriptionHtml} className="recommendation__text" />
          </li>
        ))}
      </ol>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Recommendations"} · Seller Portal` }];

export default routeComponent(Recommendations);
