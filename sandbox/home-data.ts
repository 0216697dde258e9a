/**
 * The seller home's data, computed rather than stored: every figure, rating,
 * recommendation and affected product is a pure function of (seller, shop,
 * day, index) through a seeded generator (home-generator.ts), so the sandbox
 * answers the same thing every time for 400 days of daily figures without a
 * row per day. Here the analytics dashboards and the shop ratings; the
 * recommended actions are in home-recommendations.ts, the company's data in
 * home-company.ts.
 */
import type { AnalyticsTab, DashboardData, DashboardMetric, MetricUnit, ShopRating } from "#contract/home.ts";
import { DAY_MS, dayStart, isoDay, round, today, unit } from "./home-generator.ts";
import type { HomeShop } from "./seed-home.ts";

/** How many days of figures each shop has, ending today. */
export const HISTORY_DAYS = 400;

// ---- analytics ---------------------------------------------------------------

type MetricDefinition = {
  key: string;
  unit: MetricUnit;
  /** A typical day of a shop of scale 1. */
  base: number;
  /** Amounts and counts add up over shops and days; rates and durations average. */
  kind: "additive" | "average" | "level";
  /** Relative growth over the whole history (0.3 = +30 %). */
  trend: number;
  /** How much weekends differ from weekdays (0.2 = 20 % more). */
  weekend: number;
  decimals: number;
};

const additive = (key: string, unit: MetricUnit, base: number, trend: number, weekend: number, decimals = 0): MetricDefinition => ({
  key,
  unit,
  base,
  kind: "additive",
  trend,
  weekend,
  decimals,
});
const average = (key: string, unit: MetricUnit, base: number, trend: number, decimals = 1): MetricDefinition => ({
  key,
  unit,
  base,
  kind: "average",
  trend,
  weekend: 0,
  decimals,
});

export const dashboardMetrics: Record<AnalyticsTab, MetricDefinition[]> = {
  sales: [additive("gmv", "EUR", 4200, 0.35, 0.25, 2), additive("orders", "COUNT", 61, 0.3, 0.25), additive("itemsSold", "COUNT", 88, 0.3, 0.25)],
  service: [average("returnRate", "PERCENT", 7.5, -0.2), average("cancellationRate", "PERCENT", 1.8, -0.1), average("responseTimeHours", "HOURS", 9, -0.35)],
  products: [
    { key: "activeOffers", unit: "COUNT", base: 2400, kind: "level", trend: 0.25, weekend: 0, decimals: 0 },
    additive("productViews", "COUNT", 5200, 0.4, 0.3),
    average("conversionRate", "PERCENT", 2.6, 0.1, 2),
  ],
  performance: [
    average("onTimeDeliveryRate", "PERCENT", 94, 0.03),
    average("shippingTimeDays", "DAYS", 2.1, -0.15),
    additive("lateShipments", "COUNT", 3, -0.2, 0.1),
  ],
  legal: [additive("legalComplaints", "COUNT", 0.4, -0.3, 0), additive("takedownRequests", "COUNT", 0.15, 0, 0)],
  oci: [average("offerComplianceScore", "PERCENT", 91, 0.05), additive("nonCompliantOffers", "COUNT", 14, -0.4, 0)],
};

/** The sandbox's dashboard ids, one per tab: the portal's default dashboard setting names these. */
export const sandboxDashboardIds: Record<AnalyticsTab, string> = {
  oci: "dash-oci-7f3a",
  legal: "dash-legal-2c19",
  sales: "dash-sales-9b41",
  service: "dash-service-5e07",
  products: "dash-products-c8d2",
  performance: "dash-performance-1a6f",
};

export function tabOfDashboard(dashboardId: string): AnalyticsTab | undefined {
  return (Object.entries(sandboxDashboardIds) as [AnalyticsTab, string][]).find(([, id]) => id === dashboardId)?.[0];
}

/** One shop's figure on one day, or undefined outside its history. */
function shopDayValue(shop: HomeShop, metric: MetricDefinition, date: string, now: number): number | undefined {
  const first = dayStart(today(now)) - (HISTORY_DAYS - 1) * DAY_MS;
  const time = dayStart(date);
  if (time < first || time > dayStart(today(now))) return undefined;
  // Progress through the history by calendar date, so a day's value never changes as time passes.
  const progress = ((time / DAY_MS) % 730) / 730;
  const weekday = new Date(time).getUTCDay();
  const weekendFactor = weekday === 0 || weekday === 6 ? 1 + metric.weekend : 1;
  // December trade and the summer lull.
  const month = new Date(time).getUTCMonth();
  const season = metric.kind === "average" ? 1 : month === 11 ? 1.35 : month === 6 || month === 7 ? 0.85 : 1;
  // Rates and durations vary less from day to day than amounts and counts.
  const spread = metric.kind === "average" ? 0.1 : 0.3;
  const noise = 1 - spread / 2 + spread * unit(shop.marketplaceSellerId, metric.key, date);
  const scale = metric.kind === "average" ? 1 : shop.scale;
  const value = metric.base * scale * (1 + metric.trend * progress) * weekendFactor * season * noise;
  // Rare events (a complaint every few days) are whole numbers, not fractions of one.
  if (metric.base < 1) return unit("event", shop.marketplaceSellerId, metric.key, date) < metric.base * Math.sqrt(shop.scale) ? 1 : 0;
  return metric.unit === "PERCENT" ? Math.min(value, 100) : value;
}

/** A dashboard's figures for some shops over a period: per day across the shops, and one total. */
/** The hour (UTC) of the nightly run that recomputes the figures. */
const RECOMPUTED_AT_HOUR = 4;

/**
 * When the figures were last recomputed: today's run once it has happened,
 * before it (00:00–04:00 UTC) the night before's, never a time still to come.
 */
export function lastRecomputation(now: number): string {
  const todaysRun = dayStart(today(now)) + RECOMPUTED_AT_HOUR * 3_600_000;
  return new Date(todaysRun <= now ? todaysRun : todaysRun - DAY_MS).toISOString();
}

export function dashboardData(tab: AnalyticsTab, shops: HomeShop[], from: string, to: string, now = Date.now()): DashboardData {
  const metrics: DashboardMetric[] = dashboardMetrics[tab].map((metric) => {
    const points: DashboardMetric["points"] = [];
    for (let time = dayStart(from); time <= dayStart(to); time += DAY_MS) {
      const date = isoDay(time);
      const values = shops.map((shop) => shopDayValue(shop, metric, date, now)).filter((value) => value !== undefined);
      if (values.length === 0) continue;
      const sum = values.reduce((a, b) => a + b, 0);
      points.push({ date, value: round(metric.kind === "average" ? sum / values.length : sum, metric.decimals) });
    }
    const sum = points.reduce((a, point) => a + point.value, 0);
    const total = metric.kind === "additive" ? sum : points.length ? sum / points.length : 0;
    return { key: metric.key, unit: metric.unit, aggregation: metric.kind === "additive" ? "SUM" : "AVERAGE", total: round(total, metric.decimals), points };
  });
  return {
    dashboardId: sandboxDashboardIds[tab],
    from,
    to,
    dataAsOf: lastRecomputation(now),
    metrics,
  };
}

// ---- ratings -----------------------------------------------------------------

export function shopRating(shop: HomeShop, now = Date.now()): ShopRating {
  const r = unit("rating", shop.marketplaceSellerId);
  return {
    shopId: shop.marketplaceSellerId,
    averageRating: round(3.9 + r * 0.9, 1),
    ratingCount: Math.round(1800 * shop.scale * (0.8 + r * 0.4)),
    positiveShare: round(82 + r * 15, 1),
    lastRatedAt: new Date(dayStart(today(now)) - Math.round(r * 20) * 3_600_000).toISOString(),
  };
}
