import { CatalogueImportProgress, Seller, SellerState } from "@contract/upstream";
import { GuestToken, MarketplaceShops } from "@contract/home";
import type { ServiceCaller } from "./index.server";

export function onboardingClient(call: ServiceCaller) {
  return {
    seller: () => call({ path: "/me/seller", schema: Seller }),
    sellerState: () => call({ path: "/me/seller/state", schema: SellerState }),
    catalogueImportProgress: () => call({ path: "/me/seller/catalogue-import-progress", schema: CatalogueImportProgress }),
    /** Hands the catalogue over: the seller becomes CATALOGUE_DATA_SUBMITTED. */
    finishUpload: () => call({ method: "POST", path: "/me/seller/finish-upload", schema: SellerState }),
    /** The seller's shops on the marketplace (unsorted). */
    shops: () => call({ path: "/me/seller/shops", schema: MarketplaceShops }),
    /** A short-lived token to read one analytics dashboard. */
    guestToken: (dashboardId: string) => call({ method: "POST", path: "/me/seller/guest-token", body: { dashboardId }, schema: GuestToken }),
  };
}
