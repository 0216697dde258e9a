import type { AnalyticsTab, MarketplaceShop } from "#contract/home.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, NavLink, useLocation, useNavigation } from "react-router";
import { comparisons, rangePresets, type AnalyticsSelection, type SelectionIssue } from "#app/lib/home/analytics-selection.ts";

/**
 * The analytics selection as a GET form: without JavaScript the browser
 * submits it as a query; with it, React Router navigates to the same URL
 * without reloading. Either way the URL holds the whole choice.
 */
export function AnalyticsFilters({
  shops,
  selection,
  issue,
}: {
  shops: MarketplaceShop[];
  selection: AnalyticsSelection | null;
  issue: SelectionIssue | null;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.location?.pathname === pathname;
  return (
    <Form method="get" action={pathname} className="analytics-filters panel" aria-labelledby="analytics-filters-title">
      <h1 id="analytics-filters-title">{t("analytics.title")}</h1>
      {issue ? (
        <div className="error-summary" role="alert" aria-labelledby="analytics-issue-title">
          <h2 id="analytics-issue-title">{t("analytics.filters.issueTitle")}</h2>
          <ul>
            <li>
              <a href="#analytics-from">{t(`analytics.filters.issue.${issue}`)}</a>
            </li>
          </ul>
        </div>
      ) : null}
      <div className="analytics-filters__row">
        <fieldset className="analytics-filters__shops">
          <legend>{t("analytics.filters.shops")}</legend>
          {shops.length === 0 ? <p>{t("analytics.filters.noShops")}</p> : null}
          {shops.map((shop) => (
            <label key={shop.marketplaceSellerId} className="checkbox">
              <input
                type="checkbox"
                name="shop"
                value={shop.marketplaceSellerId}
                defaultChecked={selection?.shopIds.includes(shop.marketplaceSellerId)}
                key={`${shop.marketplaceSellerId}-${selection?.shopIds.join()}`}
              />
              {shop.name} <span className="analytics-filters__shop-id">({shop.marketplaceSellerId})</span>
            </label>
          ))}
          <p className="hint">{t("analytics.filters.shopsHint")}</p>
        </fieldset>
        <div
          className="analytics-filters__period"
          key={selection ? `${selection.range}-${selection.period.from}-${selection.period.to}-${selection.compare}` : "none"}
        >
          <label htmlFor="analytics-range">{t("analytics.filters.range")}</label>
          <select id="analytics-range" name="range" defaultValue={selection?.range ?? "last30"}>
            {rangePresets.map((preset) => (
              <option key={preset} value={preset}>
                {t(`analytics.filters.presets.${preset}`)}
              </option>
            ))}
          </select>
          <div className="analytics-filters__dates">
            <div>
              <label htmlFor="analytics-from">{t("analytics.filters.from")}</label>
              <input
                id="analytics-from"
                type="date"
                name="from"
                defaultValue={selection?.period.from}
                aria-describedby="analytics-dates-hint"
                aria-invalid={issue ? true : undefined}
              />
            </div>
            <div>
              <label htmlFor="analytics-to">{t("analytics.filters.to")}</label>
              <input id="analytics-to" type="date" name="to" defaultValue={selection?.period.to} aria-describedby="analytics-dates-hint" />
            </div>
          </div>
          <p id="analytics-dates-hint" className="hint">
            {t("analytics.filters.datesHint")}
          </p>
          <label htmlFor="analytics-compare">{t("analytics.filters.compare")}</label>
          <select id="analytics-compare" name="compare" defaultValue={selection?.compare ?? "none"}>
            {comparisons.map((comparison) => (
              <option key={comparison} value={comparison}>
                {t(`analytics.filters.comparisons.${comparison}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
        {t("analytics.filters.apply")}
      </button>
    </Form>
  );
}

/** One link per tab, each keeping the selection. */
export function AnalyticsTabs({ tabs, query }: { tabs: readonly AnalyticsTab[]; query: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("analytics.tabsLabel")} className="analytics-tabs">
      <ul>
        {tabs.map((tab) => (
          <li key={tab}>
            <NavLink to={`/home/analytics/${tab}${query}`}>{t(`analytics.tabs.${tab}`)}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
