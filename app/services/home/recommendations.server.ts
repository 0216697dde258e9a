/**
 * The recommendations pages: the queue of actions, each kind's detail page
 * with the affected products (paged through the URL), and the GMV
 * explanation. Texts from the service are sanitised here.
 */
import { z } from "zod";
import { isUpstreamId } from "#app/lib/upstream-id.ts";
import type { RecommendationKind } from "#contract/home.ts";
import { PRODUCTS_PAGE_SIZE } from "#app/lib/home/recommendations.ts";
import { sellerShops } from "./home.server.ts";
import { settle } from "#app/services/upstream/upstream-error.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { oncePerRequest } from "#app/services/request/request-memo.server.ts";
import { sanitizeRichText } from "./rich-text.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { orRouteError, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";

type DetailArgs = RequestArgs & { params: Record<string, string | undefined> };

function shopNames(args: RequestArgs) {
  return settle(sellerShops(args)).then((shops) => (shops.ok ? Object.fromEntries(shops.value.map((shop) => [shop.marketplaceSellerId, shop.name])) : {}));
}

export async function recommendationsLoader(args: RequestArgs) {
  const t = getI18n(args.context).t;
  const [list, names] = await Promise.all([orRouteError(upstream(args).recommendedActions.list()), shopNames(args)]);
  // Most GMV at stake first: the queue is the order to work in.
  const actions = [...list.actions]
    .sort((a, b) => b.gmvImpact - a.gmvImpact)
    .map((action) => ({ ...action, descriptionHtml: sanitizeRichText(action.descriptionHtml, { shopId: action.shopId }) }));
  return { title: t("recommendations.title"), actions, shopNames: names };
}

const PageQuery = z.coerce.number().int().min(1).max(10_000).catch(1);

/** The detail of the URL's action (once per request: the validate check and the loader share it). */
function detailOf(args: DetailArgs) {
  return oncePerRequest(args.context, "recommendation-detail", () => {
    // An address whose id is none the service hands out is a page that does not exist, not a question for the service.
    if (!isUpstreamId(args.params.id)) return Promise.resolve(null);
    const page = PageQuery.parse(new URL(args.request.url).searchParams.get("page") ?? 1);
    return upstream(args)
      .recommendedActions.detail(args.params.id, page, PRODUCTS_PAGE_SIZE)
      .catch((error: unknown) => {
        // An id the service does not know is a page that does not exist.
        if (error instanceof UpstreamError && error.status === 404) return null;
        throw error;
      });
  });
}

/** The validate check of a kind's detail page: the URL's action exists and is of that kind. */
export function recommendationExists(kind: RecommendationKind) {
  // A failing service is the access check's to answer (authorize: check-not-made.server.ts).
  return async (args: DetailArgs): Promise<boolean> => (await detailOf(args))?.action.kind === kind;
}

export async function recommendationDetailLoader(args: DetailArgs) {
  const t = getI18n(args.context).t;
  const [detail, names] = await Promise.all([orRouteError(detailOf(args)), shopNames(args)]);
  if (!detail) throw new Response("Page Not Found", { status: 404 });
  const { action, products } = detail;
  return {
    title: t(`recommendations.kinds.${action.kind}.title`, { count: action.productCount }),
    action: { ...action, descriptionHtml: sanitizeRichText(action.descriptionHtml, { shopId: action.shopId }) },
    products,
    pageCount: Math.max(1, Math.ceil(products.total / products.pageSize)),
    shopName: names[action.shopId] as string | undefined,
  };
}

export async function gmvExplanationLoader(args: RequestArgs) {
  const t = getI18n(args.context).t;
  const explanation = await orRouteError(upstream(args).recommendedActions.gmvExplanation());
  return { title: t("recommendations.gmv.title"), html: sanitizeRichText(explanation.html) };
}
