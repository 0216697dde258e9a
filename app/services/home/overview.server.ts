/**
 * The overview's figures: the key figures of all the seller's shops over the
 * last 30 days against the 30 days before, each shop's rating, and the most
 * urgent recommended actions. Each part fails on its own: the page shows
 * what it has and says what it lacks.
 */
import type { AnalyticsTab, RecommendedAction, ShopRating } from "#contract/home.ts";
import { comparisonPeriod, drillDownHref, presetPeriod } from "#app/lib/home/analytics-selection.ts";
import { figureChange, type FigureChange } from "#app/lib/home/figure-change.ts";
import { withoutText } from "#app/lib/home/recommendations.ts";
import { dashboardFigures, marketplaceToday, sellerShops } from "./home.server.ts";
import { settle } from "#app/services/upstream/upstream-error.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { sanitizeToast } from "#app/services/toasts/toast-text.server.ts";
import { shopsFailedToast } from "./home-toasts.server.ts";
import { sellerObligations } from "#app/services/obligations/obligations.server.ts";
import { safeReturnPath } from "#app/lib/safe-path.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";

/** The figures on the overview: which dashboard each comes from. */
const KEY_FIGURES: { tab: AnalyticsTab; metric: string }[] = [
  { tab: "sales", metric: "gmv" },
  { tab: "sales", metric: "orders" },
  { tab: "service", metric: "returnRate" },
  { tab: "performance", metric: "onTimeDeliveryRate" },
];

/** `href`: the figure's detail, for the same shops and period. */
export type KeyFigure = {
  tab: AnalyticsTab;
  metric: string;
  unit: string | null;
  value: number | null;
  previous: number | null;
  change: FigureChange | null;
  href: string;
};

/** Soonest deadline first, then the most GMV at stake. */
export function mostUrgent(actions: RecommendedAction[], count: number): RecommendedAction[] {
  return [...actions].sort((a, b) => (a.deadline ?? "9999-12-31").localeCompare(b.deadline ?? "9999-12-31") || b.gmvImpact - a.gmvImpact).slice(0, count);
}

export async function overviewLoader(args: RequestArgs) {
  const t = getI18n(args.context).t;
  const today = marketplaceToday();
  const current = presetPeriod("last30", today);
  const previous = comparisonPeriod(current, "previousPeriod")!;
  const actionsCall = settle(upstream(args).recommendedActions.list());
  const obligationsCall = sellerObligations(args);
  const shops = await settle(sellerShops(args));
  const shopIds = shops.ok ? shops.value.map((shop) => shop.marketplaceSellerId) : [];

  const tabs = [...new Set(KEY_FIGURES.map((figure) => figure.tab))];
  // One read per dashboard covers both periods: 60 days, split below.
  const [dashboards, ratings, actions, obligations] = await Promise.all([
    Promise.all(tabs.map((tab) => (shopIds.length ? settle(dashboardFigures(args, tab, { from: previous.from, to: current.to }, shopIds)) : null))),
    Promise.all(shopIds.map((id) => settle(upstream(args).sellerService.ratings(id)))),
    actionsCall,
    obligationsCall,
  ]);

  const keyFigures: KeyFigure[] = KEY_FIGURES.map(({ tab, metric: key }) => {
    // The detail keeps the overview's scope: every shop, the same 30 days against the 30 before.
    const href = drillDownHref(tab, shopIds, "last30", "previousPeriod", today);
    const dashboard = dashboards[tabs.indexOf(tab)];
    const metric = dashboard?.ok ? dashboard.value.metrics.find((candidate) => candidate.key === key) : undefined;
    if (!metric) return { tab, metric: key, unit: null, value: null, previous: null, change: null, href };
    const inPeriod = (from: string, to: string) => metric.points.filter((point) => point.date >= from && point.date <= to).map((point) => point.value);
    const combine = (values: number[]) => {
      if (values.length === 0) return null;
      const sum = values.reduce((a, b) => a + b, 0);
      return metric.aggregation === "SUM" ? sum : sum / values.length;
    };
    const value = combine(inPeriod(current.from, current.to));
    const before = combine(inPeriod(previous.from, previous.to));
    return { tab, metric: key, unit: metric.unit, value, previous: before, change: value === null ? null : figureChange(value, before, metric.unit), href };
  });
  const firstRead = dashboards.find((dashboard) => dashboard?.ok);
  const dataAsOf = firstRead?.ok ? firstRead.value.dataAsOf : null;

  const shopRatings: { shopId: string; name: string; rating: ShopRating | null }[] = shops.ok
    ? shops.value.map((shop, index) => {
        const rating = ratings[index];
        return { shopId: shop.marketplaceSellerId, name: shop.name, rating: rating?.ok ? rating.value : null };
      })
    : [];

  return {
    title: t("homeOverview.title"),
    period: current,
    previousPeriod: previous,
    dataAsOf,
    keyFigures,
    shopsFailed: !shops.ok,
    shopCount: shopIds.length,
    ratings: shopRatings,
    ratingsFailed: ratings.some((rating) => !rating.ok),
    actions: actions.ok ? mostUrgent(actions.value.actions, 3).map(withoutText) : null,
    // The service's paths pass the one same-origin check; one that fails it is shown without a link.
    obligations: obligations
      ? {
          items: obligations.obligations.map((obligation) => ({ ...obligation, actionPath: safeReturnPath(obligation.actionPath) ?? null })),
          restricted: obligations.restricted,
        }
      : null,
    actionCount: actions.ok ? actions.value.actions.length : null,
    shopNames: shops.ok ? Object.fromEntries(shops.value.map((shop) => [shop.marketplaceSellerId, shop.name])) : {},
    pageToast: shops.ok ? undefined : sanitizeToast(shopsFailedToast(args, shops.error)),
  };
}
