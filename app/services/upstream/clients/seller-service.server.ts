import { SellerNameExists } from "#contract/upstream.ts";
import { LegalDocumentContent, MarketplaceShops, SellerDetails, ShopRating, Warehouse, WarehouseValidation } from "#contract/home.ts";
import { DetailedSellerList, SellerServiceList, type DetailedListPageQuery, type SellerChannel } from "#contract/staff.ts";
import {
  CompanyChange,
  CompanyChanges,
  type BankAccountChange,
  type CompanyDataChange,
  type RegistrationsChange,
  type WarehouseChange,
} from "#contract/company-changes.ts";
import { ObligationList } from "#contract/obligations.ts";
import { PayoutSchedule } from "#contract/payouts.ts";
import { z } from "zod";
import type { ServiceCaller } from "#app/services/upstream/http.server.ts";
import { upstreamPath } from "#app/services/upstream/upstream-path.server.ts";

export function sellerServiceClient(call: ServiceCaller) {
  return {
    /** Whether a seller of this name exists already (names are unique across the marketplace). */
    sellerNameExists: (sellerName: string) => call({ path: upstreamPath`/v2/seller/sellerNameExists/${sellerName}`, schema: SellerNameExists }),
    ratings: (shopId: string) => call({ path: upstreamPath`/v2/seller/ratings/${shopId}`, schema: ShopRating }),
    seller: (sellerId: string) => call({ path: upstreamPath`/v2/seller/${sellerId}`, schema: SellerDetails }),
    warehouse: (sellerId: string, warehouseId: string) => call({ path: upstreamPath`/v2/seller/${sellerId}/warehouse/${warehouseId}`, schema: Warehouse }),
    lastValidation: (sellerId: string, warehouseId: string) =>
      call({ path: "/v2/seller/lastValidation", query: { sellerId, warehouseId }, schema: WarehouseValidation }),
    /** What the seller owes the marketplace, with the states its calendar computed (contract/obligations.ts). */
    obligations: (sellerId: string) => call({ path: upstreamPath`/v2/seller/${sellerId}/obligations`, schema: ObligationList }),
    /** When the seller is paid out next, or which past-due obligations hold payouts back (contract/payouts.ts). */
    payouts: (sellerId: string) => call({ path: upstreamPath`/v2/seller/${sellerId}/payouts`, schema: PayoutSchedule }),
    legalDocument: (sellerId: string, documentId: string) =>
      call({ path: upstreamPath`/v2/seller/${sellerId}/legal-documents/${documentId}`, schema: LegalDocumentContent }),

    // Changes of the company data on record (contract/company-changes.ts): a draft, then the seller's confirmation.
    changes: (sellerId: string) => call({ path: upstreamPath`/v2/seller/${sellerId}/changes`, schema: CompanyChanges }),
    change: (sellerId: string, changeId: string) => call({ path: upstreamPath`/v2/seller/${sellerId}/changes/${changeId}`, schema: CompanyChange }),
    draftBankAccount: (sellerId: string, values: BankAccountChange) =>
      call({ method: "POST", path: upstreamPath`/v2/seller/${sellerId}/changes/bank-account`, body: values, schema: CompanyChange }),
    draftCompanyData: (sellerId: string, values: CompanyDataChange) =>
      call({ method: "POST", path: upstreamPath`/v2/seller/${sellerId}/changes/company-data`, body: values, schema: CompanyChange }),
    draftWarehouse: (sellerId: string, warehouseId: string, values: WarehouseChange) =>
      call({ method: "POST", path: upstreamPath`/v2/seller/${sellerId}/changes/warehouses/${warehouseId}`, body: values, schema: CompanyChange }),
    /** The registrations the law requires (the service asks each register, as at onboarding). */
    draftRegistrations: (sellerId: string, values: RegistrationsChange) =>
      call({ method: "POST", path: upstreamPath`/v2/seller/${sellerId}/changes/registrations`, body: values, schema: CompanyChange }),
    /** A new version of a legal document; an ID document names the date it expires. */
    draftLegalDocument: (sellerId: string, documentKind: string, file: File, expiryDate?: string) => {
      const body = new FormData();
      body.set("documentKind", documentKind);
      if (expiryDate) body.set("expiryDate", expiryDate);
      body.set("file", file, file.name);
      return call({ method: "POST", path: upstreamPath`/v2/seller/${sellerId}/changes/legal-documents`, body, schema: CompanyChange });
    },
    submitChange: (sellerId: string, changeId: string) =>
      call({ method: "POST", path: upstreamPath`/v2/seller/${sellerId}/changes/${changeId}/submit`, schema: CompanyChange }),
    discardChange: (sellerId: string, changeId: string) =>
      call({ method: "DELETE", path: upstreamPath`/v2/seller/${sellerId}/changes/${changeId}`, schema: z.undefined() }),

    // Staff: the seller-list's details and filter options.
    /** Details of marketplace sellers by id (the page's ids in one request). */
    detailedList: (marketplaceSellerIds: readonly string[]) =>
      call({ path: "/seller/3/detailedList", query: { sellerId: marketplaceSellerIds.join(",") }, schema: DetailedSellerList }),
    /**
     * Details of exactly the sellers on the page the seller list's query selects (our contract extension,
     * docs/decisions/012-seller-list-one-round.md): it starts beside the list instead of waiting for its ids.
     */
    detailedListForPage: (query: DetailedListPageQuery) => call({ path: "/seller/3/detailedList", query, schema: DetailedSellerList }),
    /** A seller's shops by its onboarding id (staff; our extension: the seller's own are GET /me/seller/shops). */
    sellerShops: (onboardingSellerId: string) => call({ path: upstreamPath`/v2/seller/${onboardingSellerId}/shops`, schema: MarketplaceShops }),
    sellerList: (options: { fdsOnly: boolean; channel?: SellerChannel }) =>
      call({ path: "/v2/seller/list", query: { fdsOnly: options.fdsOnly, channel: options.channel }, schema: SellerServiceList }),
  };
}
