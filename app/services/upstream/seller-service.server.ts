import { SellerNameExists } from "@contract/upstream";
import type { ServiceCaller } from "./index.server";

export function sellerServiceClient(call: ServiceCaller) {
  return {
    /** Whether a seller of this name exists already (names are unique across the marketplace). */
    sellerNameExists: (sellerName: string) =>
      call({ path: `/v2/seller/sellerNameExists/${encodeURIComponent(sellerName)}`, schema: SellerNameExists }),
  };
}
