import { ContractTerms, DocumentList, OnboardingDocument, OnboardingProgress, StepView, type DocumentKind, type FormStepName } from "#contract/onboarding.ts";
import { CatalogueImportProgress, Seller, SellerState } from "#contract/upstream.ts";
import { z } from "zod";
import { unreadResponse } from "#app/services/upstream/http.server.ts";
import { GuestToken, MarketplaceShops } from "#contract/home.ts";
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

export function onboardingClient(call: ServiceCaller) {
  return {
    seller: () => call({ path: "/me/seller", schema: Seller }),
    sellerState: () => call({ path: "/me/seller/state", schema: SellerState }),
    catalogueImportProgress: () => call({ path: "/me/seller/catalogue-import-progress", schema: CatalogueImportProgress }),
    /** Hands the catalogue over: the seller becomes CATALOGUE_DATA_SUBMITTED. */
    finishUpload: () => call({ method: "POST", path: "/me/seller/finish-upload", schema: SellerState }),

    /** Every shop-setup step's status. */
    progress: () => call({ path: "/me/seller/onboarding", schema: OnboardingProgress }),
    step: (step: FormStepName) => call({ path: `/me/seller/onboarding/steps/${step}`, schema: StepView }),
    saveStep: (step: FormStepName, values: Record<string, unknown>) =>
      call({ method: "PUT", path: `/me/seller/onboarding/steps/${step}`, body: values, schema: StepView }),
    contractTerms: () => call({ path: "/me/seller/onboarding/contract-terms", schema: ContractTerms }),
    documents: () => call({ path: "/me/seller/onboarding/documents", schema: DocumentList }),
    uploadDocument: (kind: DocumentKind, file: File) => {
      const body = new FormData();
      body.set("kind", kind);
      body.set("file", file, file.name);
      return call({ method: "POST", path: "/me/seller/onboarding/documents", body, schema: OnboardingDocument });
    },
    /** The document's bytes as the service sends them, to stream on to the browser. */
    documentContent: (id: string) => call({ path: `/me/seller/onboarding/documents/${encodeURIComponent(id)}/content`, schema: unreadResponse }),
    deleteDocument: (id: string) => call({ method: "DELETE", path: `/me/seller/onboarding/documents/${encodeURIComponent(id)}`, schema: z.undefined() }),
    /** The seller's shops on the marketplace (unsorted). */
    shops: () => call({ path: "/me/seller/shops", schema: MarketplaceShops }),
    /** A short-lived token to read one analytics dashboard. */
    guestToken: (dashboardId: string) => call({ method: "POST", path: "/me/seller/guest-token", body: { dashboardId }, schema: GuestToken }),
    // Staff: the marketplace's sellers (api-external).
    staffSellers: (query: StaffSellerQuery) => call({ path: "/api-external/sellers", query, schema: StaffSellerPage }),
    staffSeller: (onboardingSellerId: string) => call({ path: `/api-external/sellers/${encodeURIComponent(onboardingSellerId)}`, schema: StaffSeller }),
    /** One seller seen whole (the staff seller page): progress facts, history, invitation, files and their checks, returns. */
    staffSellerOverview: (onboardingSellerId: string) =>
      call({ path: `/api-external/sellers/${encodeURIComponent(onboardingSellerId)}/overview`, schema: StaffSellerOverview }),
    /** The invitations the signed-in staff member sent. */
    invitations: (query: InvitationQuery) => call({ path: "/api-external/invitations", query, schema: InvitationPage }),
    invitation: (onboardingSellerId: string) => call({ path: `/api-external/invitations/${encodeURIComponent(onboardingSellerId)}`, schema: Invitation }),
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
