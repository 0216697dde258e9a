import {
  CrmIdExists,
  SellerDeleted,
  SellerStateCounts,
  StaffSeller,
  StaffSellerPage,
  type SellerChannel,
  type SellerUpsert,
  type StaffSellerQuery,
} from "#contract/staff.ts";
import { Invitation, InvitationPage, StaffSellerOverview, type InvitationQuery } from "#contract/staff-seller.ts";
import type { ServiceCaller } from "#app/services/upstream/http.server.ts";
import { upstreamPath } from "#app/services/upstream/upstream-path.server.ts";

/** The onboarding service's calls for staff (api-external): the marketplace's sellers and the invitations sent to them. */
export function staffClient(call: ServiceCaller) {
  return {
    sellers: (query: StaffSellerQuery) => call({ path: "/api-external/sellers", query, schema: StaffSellerPage }),
    seller: (onboardingSellerId: string) => call({ path: upstreamPath`/api-external/sellers/${onboardingSellerId}`, schema: StaffSeller }),
    /** One seller seen whole (the staff seller page): progress facts, history, invitation, files and their checks, returns. */
    sellerOverview: (onboardingSellerId: string) =>
      call({ path: upstreamPath`/api-external/sellers/${onboardingSellerId}/overview`, schema: StaffSellerOverview }),
    /** The invitations the signed-in staff member sent. */
    invitations: (query: InvitationQuery) => call({ path: "/api-external/invitations", query, schema: InvitationPage }),
    invitation: (onboardingSellerId: string) => call({ path: upstreamPath`/api-external/invitations/${onboardingSellerId}`, schema: Invitation }),
    sellerStateCounts: (channel?: SellerChannel) => call({ path: "/api-external/sellers/state-counts", query: { channel }, schema: SellerStateCounts }),
    /** Creates (an invitation) without onboardingSellerId, updates with it. */
    saveSeller: (seller: SellerUpsert) => call({ method: "PUT", path: "/api-external/sellers", body: seller, schema: StaffSeller }),
    existsByCrmId: (crmId: string, exceptOnboardingSellerId?: string) =>
      call({ method: "POST", path: "/api-external/sellers/existsByCrmId", body: { crmId, exceptOnboardingSellerId }, schema: CrmIdExists }),
    markAsActive: (onboardingSellerId: string) =>
      call({ method: "POST", path: upstreamPath`/api-external/sellers/${onboardingSellerId}/mark-as-active`, schema: StaffSeller }),
    deleteSeller: (onboardingSellerId: string) =>
      call({ method: "DELETE", path: "/api-external/sellers/delete", query: { onboardingSellerId }, schema: SellerDeleted }),
  };
}
