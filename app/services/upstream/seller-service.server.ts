import { SellerNameExists } from "@contract/upstream";
import { LegalDocumentContent, SellerDetails, ShopRating, Warehouse, WarehouseValidation } from "@contract/home";
import type { ServiceCaller } from "./index.server";

const segment = encodeURIComponent;

export function sellerServiceClient(call: ServiceCaller) {
  return {
    /** Whether a seller of this name exists already (names are unique across the marketplace). */
    sellerNameExists: (sellerName: string) =>
      call({ path: `/v2/seller/sellerNameExists/${encodeURIComponent(sellerName)}`, schema: SellerNameExists }),
    ratings: (shopId: string) => call({ path: `/v2/seller/ratings/${segment(shopId)}`, schema: ShopRating }),
    seller: (sellerId: string) => call({ path: `/v2/seller/${segment(sellerId)}`, schema: SellerDetails }),
    warehouse: (sellerId: string, warehouseId: string) =>
      call({ path: `/v2/seller/${segment(sellerId)}/warehouse/${segment(warehouseId)}`, schema: Warehouse }),
    lastValidation: (sellerId: string, warehouseId: string) =>
      call({ path: "/v2/seller/lastValidation", query: { sellerId, warehouseId }, schema: WarehouseValidation }),
    legalDocument: (sellerId: string, documentId: string) =>
      call({ path: `/v2/seller/${segment(sellerId)}/legal-documents/${segment(documentId)}`, schema: LegalDocumentContent }),
  };
}
