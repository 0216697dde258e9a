import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import type { ShopScope } from "./analytics-selection.ts";
import { listFormat } from "#app/lib/intl-formats.ts";

/** The shops a result covers, in words: "all 3 shops", or their names ("Nordlicht Living AT (9871) and …"). */
export function useScopeText(): (scope: ShopScope) => string {
  const { t, i18n } = useTranslation();
  return (scope) => {
    if (scope.all) return t("analytics.scope.all", { count: scope.count });
    const names = scope.shops.map((shop) => `${shop.name} (${shop.marketplaceSellerId})`);
    return listFormat(i18n.language, { type: "conjunction" }).format(names);
  };
}
