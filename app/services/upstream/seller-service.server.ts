import { SellerNameExists } from "@contract/upstream";
import { DetailedSellerList, SellerServiceList, type SellerChannel } from "@contract/staff";
import type { ServiceCaller } from "./index.server";

export function sellerServiceClient(call: ServiceCaller) {
  return {
    /** Whether a seller of this name exists already (names are unique across the marketplace). */
    sellerNameExists: (sellerName: string) =>
      call({ path: `/v2/seller/sellerNameExists/${encodeURIComponent(sellerName)}`, schema: SellerNameExists }),

    // Staff: the seller-list's details and filter options.
    /** Details of marketplace sellers by id (the page's ids in one request). */
    detailedList: (marketplaceSellerIds: readonly string[]) =>
      call({ path: "/seller/3/detailedList", query: { sellerId: marketplaceSellerIds.join(",") }, schema: DetailedSellerList }),
    sellerList: (options: { fdsOnly: boolean; channel?: SellerChannel }) =>
      call({ path: "/v2/seller/list", query: { fdsOnly: options.fdsOnly, channel: options.channel }, schema: SellerServiceList }),
  };
}
