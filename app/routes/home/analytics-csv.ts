import { data } from "react-router";
import { metricCsv, metricRows } from "#app/lib/home/analytics-table.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { downloadFailures } from "#app/services/shell/download-failure.server.ts";
import { analyticsTabOf, csvTabAvailable, tabFigures } from "#app/services/home/analytics.server.ts";
import { getI18n, getLocale } from "#app/services/i18n/i18n.server.ts";
import type { Route } from "./+types/analytics-csv";

/** The tab page's own query: the CSV's, less the chart it names. */
function selectionQuery(url: URL): string {
  const query = new URLSearchParams(url.search);
  query.delete("metric");
  const text = query.toString();
  return text ? `?${text}` : "";
}

export const middleware = [
  // The tab's page, with the same selection.
  downloadFailures({ page: (url) => `${url.pathname.replace(/\/csv$/, "")}${selectionQuery(url)}` }),
  // The same tabs as the pages: unknown ones and OCI without ce-fds do not exist.
  authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive", validate: csvTabAvailable }),
];

/** One chart's table as CSV: the same selection, the same rows, in the user's language. */
export async function loader(args: Route.LoaderArgs) {
  const tab = analyticsTabOf(args);
  const metricKey = args.url.searchParams.get("metric");
  const { selection, result } = await tabFigures(args, tab);
  const t = getI18n(args.context).t;
  if (!selection || !result) throw data({ message: t("analytics.errorLoadingShops") }, { status: 503 });
  // As every page: a service that answered with an error is a bad gateway (502), one that could not be reached is unavailable (503).
  if (!result.ok) throw data({ message: result.message, reference: result.reference }, { status: result.unreachable ? 503 : 502 });
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
