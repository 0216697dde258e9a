import { SellerNameExists } from "#contract/upstream.ts";
import { LegalDocumentContent, MarketplaceShops, SellerDetails, ShopRating, Warehouse, WarehouseValidation } from "#contract/home.ts";
import { DetailedSellerList, SellerServiceList, type DetailedListPageQuery, type SellerChannel } from "#contract/staff.ts";
import { CompanyChange, CompanyChanges, type BankAccountChange, type CompanyDataChange, type WarehouseChange } from "#contract/company-changes.ts";
import { z } from "zod";
import type { ServiceCaller } from "#app/services/upstream/http.server.ts";

const segment = encodeURIComponent;

export function sellerServiceClient(call: ServiceCaller) {
  return {
    /** Whether a seller of this name exists already (names are unique across the marketplace). */
    sellerNameExists: (sellerName: string) => call({ path: `/v2/seller/sellerNameExists/${encodeURIComponent(sellerName)}`, schema: SellerNameExists }),
    ratings: (shopId: string) => call({ path: `/v2/seller/ratings/${segment(shopId)}`, schema: ShopRating }),
    seller: (sellerId: string) => call({ path: `/v2/seller/${segment(sellerId)}`, schema: SellerDetails }),
    warehouse: (sellerId: string, warehouseId: string) =>
      call({ path: `/v2/seller/${segment(sellerId)}/warehouse/${segment(warehouseId)}`, schema: Warehouse }),
    lastValidation: (sellerId: string, warehouseId: string) =>
      call({ path: "/v2/seller/lastValidation", query: { sellerId, warehouseId }, schema: WarehouseValidation }),
    legalDocument: (sellerId: string, documentId: string) =>
      call({ path: `/v2/seller/${segment(sellerId)}/legal-documents/${segment(documentId)}`, schema: LegalDocumentContent }),

    // Changes of the company data on record (contract/company-changes.ts): a draft, then the seller's confirmation.
    changes: (sellerId: string) => call({ path: `/v2/seller/${segment(sellerId)}/changes`, schema: CompanyChanges }),
    change: (sellerId: string, changeId: string) => call({ path: `/v2/seller/${segment(sellerId)}/changes/${segment(changeId)}`, schema: CompanyChange }),
    draftBankAccount: (sellerId: string, values: BankAccountChange) =>
      call({ method: "POST", path: `/v2/seller/${segment(sellerId)}/changes/bank-account`, body: values, schema: CompanyChange }),
    draftCompanyData: (sellerId: string, values: CompanyDataChange) =>
      call({ method: "POST", path: `/v2/seller/${segment(sellerId)}/changes/company-data`, body: values, schema: CompanyChange }),
    draftWarehouse: (sellerId: string, warehouseId: string, values: WarehouseChange) =>
      call({ method: "POST", path: `/v2/seller/${segment(sellerId)}/changes/warehouses/${segment(warehouseId)}`, body: values, schema: CompanyChange }),
    draftLegalDocument: (sellerId: string, documentKind: string, file: File) => {
      const body = new FormData();
      body.set("documentKind", documentKind);
      body.set("file", file, file.name);
      return call({ method: "POST", path: `/v2/seller/${segment(sellerId)}/changes/legal-documents`, body, schema: CompanyChange });
    },
    submitChange: (sellerId: string, changeId: string) =>
      call({ method: "POST", path: `/v2/seller/${segment(sellerId)}/changes/${segment(changeId)}/submit`, schema: CompanyChange }),
    discardChange: (sellerId: string, changeId: string) =>
      call({ method: "DELETE", path: `/v2/seller/${segment(sellerId)}/changes/${segment(changeId)}`, schema: z.undefined() }),

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
    sellerShops: (onboardingSellerId: string) => call({ path: `/v2/seller/${segment(onboardingSellerId)}/shops`, schema: MarketplaceShops }),
    sellerList: (options: { fdsOnly: boolean; channel?: SellerChannel }) =>
      call({ path: "/v2/seller/list", query: { fdsOnly: options.fdsOnly, channel: options.channel }, schema: SellerServiceList }),
  };
}
