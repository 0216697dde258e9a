/**
 * The staff seller page's data: the seller seen whole (onboarding service),
 * its shops (seller service), who acted as it (user profile) and its current
 * catalogue file's counts (catalogue upload service), started in one round. Without the seller there is no page (its error view, or 404);
 * shops and the record of who acted as it each fail alone: the page says so where
 * they would be, and the first failure is the page's error toast. The file's
 * counts fail alone too: its score says it could not be read.
 */
import type { MarketplaceShop } from "#contract/home.ts";
import type { SubstitutionAudit } from "#contract/staff-seller.ts";
import type { CurrentUser } from "#contract/upstream.ts";
import { data } from "react-router";
import type { PortalToast } from "#app/lib/toast-message.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { orRouteError, settle, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { sellerActions } from "#app/lib/staff/seller-actions.ts";
import { staffSetupProgress } from "./sellers.server.ts";
import { daysSince } from "#app/lib/staff/seller-list-query.ts";
import type { PartFailure } from "#app/lib/staff/staff-types.ts";

function failure(error: UpstreamError, message: string): PartFailure {
  return { message, detail: error.reference ?? error.body.message, errorCode: error.body.errorCode };
}

export async function loadSellerPage(args: RequestArgs, sellerId: string, user: CurrentUser) {
  const api = upstream(args);
  const t = getI18n(args.context).t;
  const overview = orRouteError(
    api.staff.sellerOverview(sellerId).catch((error: unknown) => {
      if (error instanceof UpstreamError && error.status === 404) throw data({ message: "Page Not Found" }, { status: 404 });
      throw error;
    }),
  );
  // The parts that fail alone settle beside the seller; should the seller fail first, they are not left unhandled.
  const shops = settle(api.sellerService.sellerShops(sellerId));
  const audit = settle(api.userProfile.actingAsSellerRecord(sellerId));
  const fileCounts = settle(api.catalogueUpload.staffFileCounts(sellerId));
  shops.catch(() => undefined);
  audit.catch(() => undefined);
  fileCounts.catch(() => undefined);
  const [seller, shopsResult, auditResult, fileCountsResult] = await Promise.all([overview, shops, audit, fileCounts]);

  const log = args.context.get(requestMetaContext).log;
  if (!shopsResult.ok) log.warn({ err: shopsResult.error, sellerId }, "seller page: shops failed");
  if (!auditResult.ok) log.warn({ err: auditResult.error, sellerId }, "seller page: substitution record failed");
  if (!fileCountsResult.ok) log.warn({ err: fileCountsResult.error, sellerId }, "seller page: the current file's counts failed");
  const shopsPart: { shops: MarketplaceShop[] | null; failure: PartFailure | null } = shopsResult.ok
    ? { shops: sortShops(shopsResult.value.marketplaceShops), failure: null }
    : { shops: null, failure: failure(shopsResult.error, t("sellerPage.shops.failed")) };
  const auditPart: { audit: SubstitutionAudit | null; failure: PartFailure | null } = auditResult.ok
    ? { audit: auditResult.value, failure: null }
    : { audit: null, failure: failure(auditResult.error, t("sellerPage.actingAsSellerRecord.failed")) };
  const firstFailure = shopsPart.failure ?? auditPart.failure;

  return {
    overview: seller,
    progress: staffSetupProgress(seller.seller),
    daysInState: daysSince(seller.seller.stateSince),
    shops: shopsPart,
    actingAsSellerRecord: auditPart,
    /** The current catalogue file and its counts, from which the page sums up its quality score; null: not readable now. */
    currentFile: fileCountsResult.ok ? fileCountsResult.value : null,
    actions: sellerActions(user.role, seller.seller),
    pageToast: firstFailure
      ? ({ type: "error", message: firstFailure.message, detail: firstFailure.detail, errorCode: firstFailure.errorCode } satisfies PortalToast)
      : null,
  };
}

/** Shops in the marketplace's numeric order (as the seller home lists them). */
function sortShops(shops: MarketplaceShop[]): MarketplaceShop[] {
  return [...shops].sort((a, b) => Number(a.marketplaceSellerId) - Number(b.marketplaceSellerId));
}
