import { useTranslation } from "~/shared/i18n/use-translation";
import { RecommendationSummary } from "~/features/home/recommendations/recommendation-summary";
import { RichText } from "~/features/home/recommendations/rich-text";
import { authorize } from "~/features/shell/authorize.server";
import { recommendationsLoader } from "~/features/home/recommendations/recommendations.server";
import type { Route } from "./+types/recommendations-index";

export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive" })];

export async function loader(args: Route.LoaderArgs) {
  return recommendationsLoader(args);
}

/** Every recommended action of the seller's shops, the most GMV at stake first. */
export default function Recommendations({ loaderData }: Route.ComponentProps) {
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
