import { useTranslation } from "~/shared/i18n/use-translation";
import type { ShopScope } from "./analytics-selection";
import { listFormat } from "~/shared/intl-formats";

/** The shops a result covers, in words: "all 3 shops", or their names ("Nordlicht Living AT (9871) and …"). */
export function useScopeText(): (scope: ShopScope) => string {
  const { t, i18n } = useTranslation();
  return (scope) => {
    if (scope.all) return t("analytics.scope.all", { count: scope.count });
    const names = scope.shops.map((shop) => `${shop.name} (${shop.marketplaceSellerId})`);
    return listFormat(i18n.language, { type: "conjunction" }).format(names);
  };
}
