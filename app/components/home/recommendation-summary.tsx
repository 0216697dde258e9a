import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link } from "react-router";
import { formatFigure } from "#app/lib/home/analytics-table.ts";
import { formatDate } from "#app/lib/home/analytics-dates.ts";
import { recommendationHref, type RecommendationFacts } from "#app/lib/home/recommendations.ts";
import { numberFormat } from "#app/lib/intl-formats.ts";

/**
 * One recommended action: what, where, how much is at stake, by when. In a list, under a heading one level below the
 * list's (`heading`), with the way to its products; on its own page (`heading` null) the page's title says what.
 */
export function RecommendationSummary({ action, shopName, heading: Heading }: { action: RecommendationFacts; shopName?: string; heading: "h2" | "h3" | null }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="recommendation">
      {Heading ? (
        <Heading className="recommendation__title">
          <Link to={recommendationHref(action)}>{t(`recommendations.kinds.${action.kind}.title`, { count: action.productCount })}</Link>
        </Heading>
      ) : null}
      <dl className="recommendation__facts">
        <div>
          <dt>{t("recommendations.shop")}</dt>
          <dd>{shopName ? `${shopName} (${action.shopId})` : action.shopId}</dd>
        </div>
        <div>
          <dt>{t("recommendations.products")}</dt>
          <dd>{numberFormat(i18n.language).format(action.productCount)}</dd>
        </div>
        <div>
          <dt>{t("recommendations.impact")}</dt>
          <dd>{t("recommendations.impactPerMonth", { value: formatFigure(action.gmvImpact, "EUR", i18n.language) })}</dd>
        </div>
        <div>
          <dt>{t("recommendations.deadline")}</dt>
          <dd>{action.deadline ? formatDate(action.deadline, i18n.language) : t("recommendations.noDeadline")}</dd>
        </div>
      </dl>
    </div>
  );
}
