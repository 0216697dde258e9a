import { CatalogueImportProgress, Seller, SellerState } from "@contract/upstream";
import {
  CrmIdExists,
  SellerDeleted,
  SellerStateCounts,
  StaffSeller,
  StaffSellerPage,
  type SellerChannel,
  type SellerUpsert,
  type StaffSellerQuery,
} from "@contract/staff";
import type { ServiceCaller } from "./index.server";

export function onboardingClient(call: ServiceCaller) {
  return {
    seller: () => call({ path: "/me/seller", schema: Seller }),
    sellerState: () => call({ path: "/me/seller/state", schema: SellerState }),
    catalogueImportProgress: () => call({ path: "/me/seller/catalogue-import-progress", schema: CatalogueImportProgress }),
    /** Hands the catalogue over: the seller becomes CATALOGUE_DATA_SUBMITTED. */
    finishUpload: () => call({ method: "POST", path: "/me/seller/finish-upload", schema: SellerState }),

    // Staff: the marketplace's sellers (api-external).
    staffSellers: (query: StaffSellerQuery) => call({ path: "/api-external/sellers", query, schema: StaffSellerPage }),
    staffSeller: (onboardingSellerId: string) =>
      call({ path: `/api-external/sellers/${encodeURIComponent(onboardingSellerId)}`, schema: StaffSeller }),
    sellerStateCounts: (channel?: SellerChannel) => call({ path: "/api-external/sellers/state-counts", query: { channel }, schema: SellerStateCounts }),
    /** Creates (an invitation) without onboardingSellerId, updates with it. */
    saveSeller: (seller: SellerUpsert) => call({ method: "PUT", path: "/api-external/sellers", body: seller, schema: StaffSeller }),
    existsByCrmId: (crmId: string, exceptOnboardingSellerId?: string) =>
      call({ method: "POST", path: "/api-external/sellers/existsByCrmId", body: { crmId, exceptOnboardingSellerId }, schema: CrmIdExists }),
    markAsActive: (onboardingSellerId: string) =>
      call({ method: "POST", path: `/api-external/sellers/${encodeURIComponent(onboardingSellerId)}/mark-as-active`, schema: StaffSeller }),
    deleteSeller: (onboardingSellerId: string) =>
      call({ method: "DELETE", path: "/api-external/sellers/delete", query: { onboardingSellerId }, schema: SellerDeleted }),
  };
}
