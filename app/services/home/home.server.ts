/**
 * What the seller home's loaders share: the seller's shops (sorted), whether
 * the seller has the OCI dashboard, guest tokens and dashboard figures, and
 * the remembered analytics selection.
 *
 * A page's loaders (layout and child) and its middleware run in one request:
 * each upstream answer is asked for once per request (`perRequest`), so
 * parent and child can both start it at once without calling twice. Shops
 * and guest tokens are also kept briefly per signed-in session
 * (`perSession`): a cache only, any instance may miss it and ask again.
 */
import { createHash } from "node:crypto";
import type { AnalyticsTab, DashboardData, MarketplaceShop } from "#contract/home.ts";
import { parseSelection, selectionQuery, sortShops, type AnalyticsSelection, type DateRange } from "#app/lib/home/analytics-selection.ts";
import { env } from "#app/services/config/env.server.ts";
import { preferenceCookie } from "#app/services/cookies/preference-cookie.server.ts";
import { sessionContext } from "#app/services/session/session.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { forgetForRequest, oncePerRequest } from "#app/services/request/request-memo.server.ts";
import { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";

function perRequest<T>(args: RequestArgs, key: string, work: () => Promise<T>): Promise<T> {
  return oncePerRequest(args.context, key, work);
}

// ---- briefly per session -----------------------------------------------------------

const SESSION_CACHE_LIMIT = 5_000;
const sessionCache = new Map<string, { value: unknown; until: number }>();

function sessionKey(args: RequestArgs): string {
  const token = args.context.get(sessionContext).tokens?.accessToken ?? "";
  return createHash("sha256").update(token).digest("base64url");
}

async function perSession<T>(args: RequestArgs, key: string, lifetimeMs: (value: T) => number, work: () => Promise<T>): Promise<T> {
  const fullKey = `${sessionKey(args)}:${key}`;
  const hit = sessionCache.get(fullKey);
  if (hit && hit.until > Date.now()) return hit.value as T;
  const value = await work();
  if (sessionCache.size >= SESSION_CACHE_LIMIT) sessionCache.delete(sessionCache.keys().next().value!);
  sessionCache.set(fullKey, { value, until: Date.now() + lifetimeMs(value) });
  return value;
}

function forget(args: RequestArgs, key: string): void {
  sessionCache.delete(`${sessionKey(args)}:${key}`);
}

// ---- shops and seller ----------------------------------------------------------------

const SHOPS_LIFETIME_MS = 60_000;

/** The seller's shops, sorted numerically by marketplaceSellerId. */
export function sellerShops(args: RequestArgs): Promise<MarketplaceShop[]> {
  return perRequest(args, "shops", () =>
    perSession(
      args,
      "shops",
      () => SHOPS_LIFETIME_MS,
      async () => sortShops((await upstream(args).onboarding.shops()).marketplaceShops),
    ),
  );
}

/** Whether the seller's additional field ce-fds is "true": only then is there an OCI tab. */
export function sellerHasOci(args: RequestArgs): Promise<boolean> {
  return perRequest(args, "ce-fds", async () => {
    const seller = await upstream(args).onboarding.seller();
    return seller.additionalFields.some((field) => field.code === "ce-fds" && field.value.trim().toLowerCase() === "true");
  });
}

// ---- dashboards --------------------------------------------------------------------

export function dashboardIdOf(tab: AnalyticsTab): string {
  return env().ANALYTICS_DASHBOARD_IDS[tab];
}

/** Renewed this long before it expires, so it does not run out between cache and use. */
const GUEST_TOKEN_MARGIN_MS = 30_000;

function guestToken(args: RequestArgs, dashboardId: string): Promise<string> {
  return perRequest(args, `guest-token:${dashboardId}`, async () => {
    const token = await perSession(
      args,
      `guest-token:${dashboardId}`,
      (value) => Date.parse(value.expiresAt) - Date.now() - GUEST_TOKEN_MARGIN_MS,
      () => upstream(args).onboarding.guestToken(dashboardId),
    );
    return token.token;
  });
}

/** One dashboard's figures: a guest token for it (cached), then the data. A token the service refuses is renewed once. */
export async function dashboardFigures(args: RequestArgs, tab: AnalyticsTab, period: DateRange, shopIds: readonly string[]): Promise<DashboardData> {
  const dashboardId = dashboardIdOf(tab);
  const read = async () => upstream(args).analytics.dashboardData(dashboardId, await guestToken(args, dashboardId), { ...period, shopIds });
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.body.errorCode !== "INVALID_GUEST_TOKEN") throw error;
    forget(args, `guest-token:${dashboardId}`);
    forgetForRequest(args.context, `guest-token:${dashboardId}`);
    return read();
  }
}

// ---- the remembered selection --------------------------------------------------------

/** The last analytics selection, for visits without a query. */
export const analyticsSelectionCookie = preferenceCookie("sp_analytics", { path: "/home/analytics", days: 180 });

export async function rememberedSelection(request: Request): Promise<URLSearchParams | undefined> {
  const value: unknown = await analyticsSelectionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length < 2_000 ? new URLSearchParams(value) : undefined;
}

export function rememberSelection(selection: AnalyticsSelection): Promise<string> {
  return analyticsSelectionCookie.serialize(selectionQuery(selection).toString());
}

/** Today on the marketplace's calendar (UTC). */
export function marketplaceToday(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The selection of this URL, checked against the seller's shops. Starts no
 * call of its own: the shops come from the request's memo.
 */
export async function analyticsSelection(args: RequestArgs, url: URL) {
  const shops = await sellerShops(args);
  return {
    shops,
    ...parseSelection(
      url.searchParams,
      shops.map((shop) => shop.marketplaceSellerId),
      marketplaceToday(),
    ),
  };
}
