import { ContractTerms, DocumentList, OnboardingDocument, OnboardingProgress, StepView, type DocumentKind, type FormStepName } from "#contract/onboarding.ts";
import { CatalogueImportProgress, Seller, SellerState } from "#contract/upstream.ts";
import { z } from "zod";
import { VatConfirmation } from "#contract/vat-confirmation.ts";
import { RegistrationConfirmations } from "#contract/registrations.ts";
import { unreadResponse } from "#app/services/upstream/http.server.ts";
import { GuestToken, MarketplaceShops } from "#contract/home.ts";
import type { ServiceCaller } from "#app/services/upstream/http.server.ts";
import { upstreamPath } from "#app/services/upstream/upstream-path.server.ts";

/** The onboarding service's calls for the signed-in seller (/me/seller…); staff calls are the staff client's. */
export function onboardingClient(call: ServiceCaller) {
  return {
    seller: () => call({ path: "/me/seller", schema: Seller }),
    sellerState: () => call({ path: "/me/seller/state", schema: SellerState }),
    catalogueImportProgress: () => call({ path: "/me/seller/catalogue-import-progress", schema: CatalogueImportProgress }),
    /** Hands the catalogue over: the seller becomes CATALOGUE_DATA_SUBMITTED. */
    finishUpload: () => call({ method: "POST", path: "/me/seller/finish-upload", schema: SellerState }),

    /** Every shop-setup step's status. */
    progress: () => call({ path: "/me/seller/onboarding", schema: OnboardingProgress }),
    step: (step: FormStepName) => call({ path: upstreamPath`/me/seller/onboarding/steps/${step}`, schema: StepView }),
    saveStep: (step: FormStepName, values: Record<string, unknown>) =>
      call({ method: "PUT", path: upstreamPath`/me/seller/onboarding/steps/${step}`, body: values, schema: StepView }),
    /** Keeps the VAT id's confirmation (the service's answer, or that it is to be confirmed) with the seller. */
    saveVatConfirmation: (confirmation: VatConfirmation) =>
      call({ method: "PUT", path: "/me/seller/vat-confirmation", body: confirmation, schema: VatConfirmation }),
    /** Keeps each registration's result at its register (or that it is to be confirmed) with the seller. */
    saveRegistrationConfirmations: (confirmations: RegistrationConfirmations) =>
      call({ method: "PUT", path: "/me/seller/registration-confirmations", body: confirmations, schema: RegistrationConfirmations }),
    contractTerms: () => call({ path: "/me/seller/onboarding/contract-terms", schema: ContractTerms }),
    documents: () => call({ path: "/me/seller/onboarding/documents", schema: DocumentList }),
    uploadDocument: (kind: DocumentKind, file: File) => {
      const body = new FormData();
      body.set("kind", kind);
      body.set("file", file, file.name);
      return call({ method: "POST", path: "/me/seller/onboarding/documents", body, schema: OnboardingDocument });
    },
    /** The document's bytes as the service sends them, to stream on to the browser. */
    documentContent: (id: string) => call({ path: upstreamPath`/me/seller/onboarding/documents/${id}/content`, schema: unreadResponse }),
    deleteDocument: (id: string) => call({ method: "DELETE", path: upstreamPath`/me/seller/onboarding/documents/${id}`, schema: z.undefined() }),
    /** The seller's shops on the marketplace (unsorted). */
    shops: () => call({ path: "/me/seller/shops", schema: MarketplaceShops }),
    /** A short-lived token to read one analytics dashboard. */
    guestToken: (dashboardId: string) => call({ method: "POST", path: "/me/seller/guest-token", body: { dashboardId }, schema: GuestToken }),
  };
}
