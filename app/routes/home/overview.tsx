import type { MetricUnit } from "#contract/home.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link } from "react-router";
import { RecommendationSummary } from "#app/components/home/recommendation-summary.tsx";
import { formatFigure } from "#app/lib/home/analytics-table.ts";
import { formatFigureChange } from "#app/lib/home/figure-change.ts";
import { formatPeriod } from "#app/lib/home/analytics-dates.ts";
import { useScopeText } from "#app/lib/home/scope-text.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { overviewLoader } from "#app/services/home/overview.server.ts";
import type { Route } from "./+types/overview";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { ObligationsSection } from "#app/components/home/obligations-section.tsx";
import { numberFormat, formatMoment } from "#app/lib/intl-formats.ts";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["analytics", "homeOverview", "obligations", "recommendations"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive" })];

export async function loader(args: Route.LoaderArgs) {
  return overviewLoader(args);
}

/** At one glance: how the shops did in the last 30 days, how customers rate them, and what to fix first. */
function HomeOverview({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { period, previousPeriod, dataAsOf, keyFigures, shopsFailed, shopCount, ratings, ratingsFailed, actions, actionCount, shopNames } = loaderData;
  const locale = i18n.language;
  const scopeText = useScopeText();
  const number = numberFormat(locale, { maximumFractionDigits: 1 });
  return (
    <div className="home-overview">
      <h1>{t("homeOverview.title")}</h1>

      <ObligationsSection obligations={loaderData.obligations} />

      <section aria-labelledby="key-figures-title" className="home-overview__section">
        <h2 id="key-figures-title">
          {t("homeOverview.keyFigures.title", {
            shops: scopeText({ all: true, count: shopCount }),
            period: formatPeriod(period, locale),
          })}
        </h2>
        <p className="dashboard__meta">
          {t("homeOverview.keyFigures.period", { previous: formatPeriod(previousPeriod, locale) })}
          {dataAsOf ? ` · ${t("analytics.dataAsOf", { time: formatMoment(locale, dataAsOf) })}` : null}
        </p>
        {shopsFailed ? <p className="notice notice--error">{t("homeOverview.shopsFailed")}</p> : null}
        <ul className="key-figures">
          {keyFigures.map((figure) => (
            <li key={figure.metric} className="key-figure">
              <h3>{t(`analytics.metrics.${figure.metric}.name`)}</h3>
              {figure.value === null || !figure.unit ? (
                <p className="key-figure__missing">{t("homeOverview.keyFigures.unavailable")}</p>
              ) : (
                <>
                  <p className="key-figure__value">{formatFigure(figure.value, figure.unit as MetricUnit, locale)}</p>
                  <p className="key-figure__change">
                    {figure.change === null
                      ? t("homeOverview.keyFigures.noComparison")
                      : t("homeOverview.keyFigures.change", {
                          change: formatFigureChange(figure.change, locale, t),
                          previous: formatFigure(figure.previous ?? 0, figure.unit as MetricUnit, locale),
                        })}
                  </p>
                </>
              )}
              <p className="key-figure__definition">{t(`analytics.metrics.${figure.metric}.definition`)}</p>
              <Link to={figure.href}>{t("homeOverview.keyFigures.details", { name: t(`analytics.metrics.${figure.metric}.name`) })}</Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="ratings-title" className="home-overview__section">
        <h2 id="ratings-title">{t("homeOverview.ratings.title")}</h2>
        {ratingsFailed ? <p className="notice notice--error">{t("homeOverview.ratings.failed")}</p> : null}
        {ratings.length > 0 ? (
          <DataTable
            labelledBy="ratings-title"
            landmark={false}
            columns={[t("homeOverview.ratings.shop"), t("homeOverview.ratings.average"), t("homeOverview.ratings.count"), t("homeOverview.ratings.positive")]}
          >
            {ratings.map(({ shopId, name, rating }) => (
              <tr key={shopId}>
                <th scope="row">
                  {name} ({shopId})
                </th>
                {rating ? (
                  <>
                    <td>{t("homeOverview.ratings.stars", { value: number.format(rating.averageRating) })}</td>
                    <td>{number.format(rating.ratingCount)}</td>
                    <td>{formatFigure(rating.positiveShare, "PERCENT", locale)}</td>
                  </>
                ) : (
                  <td colSpan={3}>{t("homeOverview.ratings.unavailable")}</td>
                )}
              </tr>
            ))}
          </DataTable>
        ) : null}
      </section>

      <section aria-labelledby="actions-title" className="home-overview__section">
        <h2 id="actions-title">{t("homeOverview.actions.title")}</h2>
        {actions === null ? (
          <p className="notice notice--error">{t("homeOverview.actions.failed")}</p>
        ) : actions.length === 0 ? (
          <p>{t("homeOverview.actions.none")}</p>
        ) : (
          <>
            <ul className="recommendation-list">
              {actions.map((action) => (
                <li key={action.id}>
                  <RecommendationSummary action={action} shopName={shopNames[action.shopId]} heading="h3" />
                </li>
              ))}
            </ul>
            <p>
              <Link to="/home/recommendations">{t("homeOverview.actions.all", { count: actionCount ?? 0 })}</Link>
            </p>
          </>
        )}
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Overview"} · Seller Portal` }];

export default routeComponent(HomeOverview);
