import { AnalyticsTab } from "@contract/home";
import { data } from "react-router";
import { metricCsv, metricRows } from "~/lib/analytics-table";
import { authorize } from "~/services/authorize.server";
import { hasOciTab, tabFigures } from "~/services/home-analytics.server";
import { getI18n, getLocale } from "~/services/i18n.server";
import type { Route } from "./+types/home.analytics.csv";

export const middleware = [
  authorize({
    rule: "sellerHome",
    sellerState: "redirectIfNotActive",
    // The same tabs as the pages: unknown ones and OCI without ce-fds do not exist.
    validate: async (args) => {
      const tab = AnalyticsTab.safeParse(args.params.tab);
      return tab.success && (tab.data !== "oci" || (await hasOciTab(args)));
    },
  }),
];

/** One chart's table as CSV: the same selection, the same rows, in the user's language. */
export async function loader(args: Route.LoaderArgs) {
  const tab = AnalyticsTab.parse(args.params.tab);
  const metricKey = args.url.searchParams.get("metric");
  const { selection, result } = await tabFigures(args, tab);
  const t = getI18n(args.context).t;
  if (!selection || !result) throw data({ message: t("analytics.errorLoadingShops") }, { status: 503 });
  if (!result.ok) throw data({ message: result.message, reference: result.reference }, { status: 502 });
  const metric = result.dashboard.metrics.find((candidate) => candidate.key === metricKey);
  if (!metric) throw data({ message: "Page Not Found" }, { status: 404 });
  const comparison = result.comparison
    ? { metric: result.comparison.metrics.find((candidate) => candidate.key === metric.key), from: result.comparison.from }
    : undefined;
  const name = t(`analytics.metrics.${metric.key}.name`);
  const csv = metricCsv(
    metricRows(metric, result.dashboard.from, comparison),
    [t("analytics.columns.date"), name, t("analytics.columns.comparisonDate"), t("analytics.columns.comparisonValue")],
    getLocale(args.context),
  );
  const fileName = `${tab}-${metric.key}-${selection.period.from}-${selection.period.to}.csv`;
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
