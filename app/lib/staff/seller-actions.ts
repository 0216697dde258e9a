import type { StaffSeller } from "#contract/staff.ts";
import type { Role } from "#contract/upstream.ts";
import { accessRules, isAllowed } from "#app/lib/access.ts";

export type SellerActions = {
  actAsSeller: boolean;
  markAsActive: boolean;
  edit: boolean;
  delete: boolean;
  /** Send the hand-over back to the seller (the catalogue team, on its own screen). */
  sendBack: boolean;
  /** The catalogue team's screen for this seller. */
  catalogueIntegration: boolean;
};

/** What the viewing role may do with this seller now, by the staff screens' own rules (docs/product.md §2, §10, §11). */
export function sellerActions(role: Role, seller: Pick<StaffSeller, "state" | "sellerUserProfileId">): SellerActions {
  const may = (rule: keyof typeof accessRules) => isAllowed(accessRules[rule], role);
  const handedOver = seller.state === "CATALOGUE_DATA_SUBMITTED" || seller.state === "CATALOGUE_DATA_MAPPING_FINISHED";
  return {
    actAsSeller: may("actAsSeller") && seller.sellerUserProfileId !== null,
    markAsActive: may("markAsActive") && seller.state === "CATALOGUE_DATA_MAPPING_FINISHED",
    edit: may("operatorAdministrator"),
    delete: may("operatorAdministrator"),
    sendBack: may("catalogueIntegration") && seller.state === "CATALOGUE_DATA_SUBMITTED",
    catalogueIntegration: may("catalogueIntegration") && handedOver,
  };
}
