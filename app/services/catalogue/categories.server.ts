/**
 * The marketplace's category tree as the portal uses it: read from the
 * catalogue service once per instance, kept with its search index, and
 * checked for a newer version at most every few minutes (one small call).
 * When the check fails, the kept tree goes on serving: the tree changes
 * rarely, and a page that maps categories should not fail for a version check.
 */
import { categoryLanguages, type CategoryLanguage } from "#contract/categories.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { getLocale } from "#app/services/i18n/i18n.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { MarketplaceCategories } from "#app/lib/catalogue/marketplace-categories.ts";

/** How long a kept tree is used before its version is asked again. */
export const TREE_CHECK_INTERVAL_MS = 5 * 60_000;

type Kept = { categories: MarketplaceCategories; checkedAt: number };
let kept: Kept | undefined;
let loading: Promise<MarketplaceCategories> | undefined;

/** The tree, fetched when there is none or its version changed; concurrent requests share one fetch. */
export async function marketplaceCategories(args: RequestArgs, now = Date.now()): Promise<MarketplaceCategories> {
  const current = kept;
  if (current && now - current.checkedAt < TREE_CHECK_INTERVAL_MS) return current.categories;
  loading ??= refresh(args, current, now).finally(() => {
    loading = undefined;
  });
  return loading;
}

async function refresh(args: RequestArgs, current: Kept | undefined, now: number): Promise<MarketplaceCategories> {
  const catalogue = upstream(args).catalogue;
  if (current) {
    try {
      const { version } = await catalogue.treeVersion();
      if (version === current.categories.version) {
        kept = { ...current, checkedAt: now };
        return current.categories;
      }
    } catch (error) {
      args.context.get(requestMetaContext).log.warn({ err: error }, "category tree version check failed; the kept tree serves on");
      kept = { ...current, checkedAt: now };
      return current.categories;
    }
  }
  const categories = new MarketplaceCategories(await catalogue.tree());
  kept = { categories, checkedAt: now };
  return categories;
}

/** For tests: forget the kept tree. */
export function forgetMarketplaceCategories(): void {
  kept = undefined;
  loading = undefined;
}

/** The tree's language for the page's: German where the page is German, else English. */
export function categoryLanguage(args: RequestArgs): CategoryLanguage {
  const locale = getLocale(args.context);
  return (categoryLanguages as readonly string[]).includes(locale) ? (locale as CategoryLanguage) : "en";
}
