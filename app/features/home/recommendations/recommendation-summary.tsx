import type { RecommendedAction } from "@contract/home";
import { useTranslation } from "~/shared/i18n/use-translation";
import { Link } from "react-router";
import { formatFigure } from "~/features/home/analytics/analytics-table";
import { formatDate } from "~/features/home/analytics/dates";
import { recommendationHref } from "~/features/home/recommendations/recommendations";
import { numberFormat } from "~/shared/intl-formats";

/** One recommended action in a list: what, where, how much is at stake, by when, and the way to its products. */
export function RecommendationSummary({ action, shopName }: { action: RecommendedAction; shopName?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="recommendation">
      <h3 className="recommendation__title">
        <Link to={recommendationHref(action)}>{t(`recommendations.kinds.${action.kind}.title`, { count: action.productCount })}</Link>
      </h3>
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
