/**
 * The analytics pages' loaders: the layout (shops, selection, tabs) and each
 * tab (its dashboard's figures for the selection, and for the comparison
 * period). Every call of a page starts at once; a tab reads its dashboard
 * with the shops of the URL before the shop list is back, and only asks
 * again when the list shows that the URL asked for shops the seller lacks.
 */
import { AnalyticsTab, analyticsTabs, type MarketplaceShop } from "#contract/home.ts";
import { data, redirect } from "react-router";
import { hasSelection, parseSelection, selectionQuery, type AnalyticsSelection } from "#app/lib/home/analytics-selection.ts";
import type { DashboardResult } from "#app/lib/home/analytics-table.ts";
import { analyticsSelection, dashboardFigures, marketplaceToday, rememberedSelection, rememberSelection, sellerHasOci, sellerShops } from "./home.server.ts";
import { settle } from "#app/services/upstream/upstream-error.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { sanitizeToast } from "#app/services/toasts/toast-text.server.ts";
import { shopsFailedToast } from "./home-toasts.server.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";

type LoaderArgs = RequestArgs & { url: URL };

/** The analytics layout: the selection form's facts and the tabs there are. */
export async function analyticsLayoutLoader(args: LoaderArgs) {
  const { url } = args;
  const t = getI18n(args.context).t;
  // Nothing chosen in the URL: the remembered choice, made visible (and shareable) in the address.
  if (!hasSelection(url.searchParams)) {
    const remembered = await rememberedSelection(args.request);
    if (remembered && hasSelection(remembered)) throw redirect(`${url.pathname}?${remembered.toString()}`);
  }
  const [shops, oci] = await Promise.all([settle(sellerShops(args)), orRouteError(sellerHasOci(args))]);
  const tabs = analyticsTabs.filter((tab) => tab !== "oci" || oci);
  if (!shops.ok) {
    return {
      title: t("analytics.title"),
      tabs,
      shops: [],
      selection: null,
      issue: null,
      query: url.search,
      pageToast: sanitizeToast(shopsFailedToast(args, shops.error)),
    };
  }
  const { selection, issue } = parseSelection(
    url.searchParams,
    shops.value.map((shop) => shop.marketplaceSellerId),
    marketplaceToday(),
  );
  const headers = hasSelection(url.searchParams) ? { "Set-Cookie": await rememberSelection(selection) } : undefined;
  return data(
    {
      title: t("analytics.title"),
      tabs,
      shops: shops.value,
      selection,
      issue,
      query: `?${selectionQuery(selection).toString()}`,
      pageToast: undefined,
    },
    { headers },
  );
}

function sameShops(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/** A tab's figures for this URL's selection; shops down or the dashboard failing are results, not errors of the page. */
export async function tabFigures(
  args: LoaderArgs,
  tab: AnalyticsTab,
): Promise<{ selection: AnalyticsSelection | null; result: DashboardResult | null; shops: MarketplaceShop[] }> {
  const today = marketplaceToday();
  const requestedShops = args.url.searchParams.getAll("shop");
  // What the URL asks for, before knowing the seller's shops: a guess that is right whenever the URL came from our own form.
  const { selection: guess } = parseSelection(args.url.searchParams, requestedShops, today);
  const read = (selection: AnalyticsSelection) =>
    settle(
      Promise.all([
        dashboardFigures(args, tab, selection.period, selection.shopIds),
        selection.comparisonPeriod ? dashboardFigures(args, tab, selection.comparisonPeriod, selection.shopIds) : null,
      ]),
    );
  const early = requestedShops.length > 0 ? read(guess) : undefined;
  const shops = await settle(analyticsSelection(args, args.url));
  if (!shops.ok) return { selection: null, result: null, shops: [] };
  const { selection } = shops.value;
  const figures = early && sameShops(guess.shopIds, selection.shopIds) ? await early : await read(selection);
  if (!figures.ok) {
    return {
      selection,
      result: {
        ok: false,
        message: figures.error.body.message ?? null,
        reference: figures.error.reference ?? null,
        unreachable: figures.error.unreachable,
      },
      shops: shops.value.shops,
    };
  }
  const [dashboard, comparison] = figures.value;
  return { selection, result: { ok: true, dashboard, comparison }, shops: shops.value.shops };
}

/** The loader of a tab's page: the tab its route module names, and its figures. */
export async function tabPage<T extends AnalyticsTab>(args: LoaderArgs, tab: T) {
  return { tab, ...(await tabFigures(args, tab)) };
}

/** The validate check of a tab's page: OCI only for a seller with ce-fds=true, every other tab for every seller. */
export function tabAvailable(tab: AnalyticsTab) {
  // A failing service is the access check's to answer (authorize: check-not-made.server.ts).
  return async (args: RequestArgs): Promise<boolean> => tab !== "oci" || (await sellerHasOci(args));
}

type CsvArgs = { params: Record<string, string | undefined> };

/** The tab of a CSV download: the route's `:tab` parameter. */
export function analyticsTabOf(args: CsvArgs): AnalyticsTab {
  return AnalyticsTab.parse(args.params.tab);
}

/** The validate check of a CSV download: its `:tab` is a tab that exists and is there for this seller. */
export async function csvTabAvailable(args: RequestArgs & CsvArgs): Promise<boolean> {
  const tab = AnalyticsTab.safeParse(args.params.tab);
  return tab.success && (await tabAvailable(tab.data)(args));
}
