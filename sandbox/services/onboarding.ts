import express, { type Response } from "express";
import { SellerState } from "#contract/upstream.ts";
import { vatConfirmationBlocks } from "#contract/vat-confirmation.ts";
import { registrationBlocks } from "#contract/registrations.ts";
import type { SandboxContext } from "../context.ts";
import { onboardingProgress } from "../onboarding.ts";
import { onboardingStepsRouter } from "./onboarding-steps.ts";
import { sendError } from "../http/errors.ts";
import { signedInUser } from "../http/service-guard.ts";
import { catalogueSettingsRoutes } from "./catalogue-settings.ts";
import { staffSellersRouter } from "./staff-sellers.ts";
import {
  catalogueImportProgress,
  effectiveSellerId,
  findSellerById,
  listCatalogueFiles,
  mappingComplete,
  setSellerState,
  toSeller,
  type SellerRow,
} from "../repository.ts";
import { onboardingHomeRoutes } from "./onboarding-home.ts";
import { resolveReturns } from "../catalogue-returns.ts";
import { catalogueHandedOver } from "../notification-events.ts";
import { recorded } from "../activity.ts";
import { OBLIGATION_RESTRICTED } from "#contract/obligations.ts";
import { sandboxToday } from "../clock.ts";
import { restrictedNow } from "../obligations.ts";

/** The onboarding service: the signed-in user's seller and its onboarding. */
export function onboardingService(context: SandboxContext): express.Router {
  const { db } = context;
  const router = express.Router();
  router.use(express.json({ limit: "1mb" }));
  router.use(catalogueSettingsRoutes(context));
  router.use(staffSellersRouter(context));

  /** The seller the user works for (while substituting: the substituted one), or a 404 answer. */
  const currentSeller = (res: Response): SellerRow | undefined => {
    const sellerId = effectiveSellerId(signedInUser(res));
    const seller = sellerId ? findSellerById(db, sellerId) : undefined;
    if (!seller) sendError(res, 404, "The current user belongs to no seller", "SELLER_NOT_FOUND");
    return seller;
  };

  router.get("/me/seller", (_req, res) => {
    const seller = currentSeller(res);
    if (seller) res.json(toSeller(db, seller));
  });

  router.get("/me/seller/state", (_req, res) => {
    const seller = currentSeller(res);
    if (seller) res.json(SellerState.parse({ state: seller.state }));
  });

  router.get("/me/seller/catalogue-import-progress", (_req, res) => {
    const seller = currentSeller(res);
    if (seller) res.json(catalogueImportProgress(db, seller));
  });

  /**
   * Hands the catalogue over to the catalogue team: only from REGISTERED or
   * ONBOARDING, and only with the eight shop-setup steps and the catalogue
   * steps complete (the FTP step does not count, as in the portal) and
   * every file's columns mapped. The errors name each missing step.
   */
  router.use(onboardingStepsRouter(context, currentSeller));

  router.post("/me/seller/finish-upload", (_req, res) => {
    const seller = currentSeller(res);
    if (!seller) return;
    if (seller.state !== "REGISTERED" && seller.state !== "ONBOARDING") {
      sendError(res, 409, `The catalogue was handed over already (state ${seller.state})`, "INVALID_STATE");
      return;
    }
    const progress = onboardingProgress(db, seller.id);
    const setup: { fieldName: string; errorMessage: string }[] = progress.steps
      .filter((step) => step.status !== "COMPLETE")
      .map((step) => ({ fieldName: step.step, errorMessage: "not complete" }));
    // A VAT id not valid, or a detail the register has differently, is resolved before the hand-over; "to be confirmed" holds up nothing.
    if (vatConfirmationBlocks(progress.vatConfirmation)) setup.push({ fieldName: "VAT_CONFIRMATION", errorMessage: "the VAT id is not confirmed as given" });
    // So is a registration held by another company, not in its register or deregistered.
    if ((progress.registrationConfirmations ?? []).some(registrationBlocks)) {
      setup.push({ fieldName: "REGISTRATIONS", errorMessage: "a registration is not held by this company" });
    }
    const missing = catalogueImportProgress(db, seller)
      .filter((step) => step.stepType !== "FTP_SETTINGS" && !step.complete)
      .map((step) => ({ fieldName: step.stepType, errorMessage: "not complete" }));
    const unmapped = listCatalogueFiles(db, seller.id)
      .filter((file) => !mappingComplete(file))
      .map((file) => ({ fieldName: "MAPPING", errorMessage: `${file.file_name}: columns not mapped` }));
    if (setup.length + missing.length + unmapped.length > 0) {
      sendError(res, 409, "The shop setup or the catalogue is not complete yet", "ONBOARDING_INCOMPLETE", { errors: [...setup, ...missing, ...unmapped] });
      return;
    }
    // A past-due obligation that holds back the hand-over (sandbox/obligations.ts) refuses it, whoever asks.
    if (restrictedNow(db, seller.id, sandboxToday(context.clock), "HAND_OVER")) {
      sendError(res, 409, "A past-due obligation holds back the hand-over", OBLIGATION_RESTRICTED);
      return;
    }
    recorded(
      db,
      res,
      () => {
        setSellerState(db, seller.id, "CATALOGUE_DATA_SUBMITTED");
        // Handing over again answers the catalogue team's return.
        resolveReturns(db, seller.id);
      },
      () => ({ sellerId: seller.id, kind: "CATALOGUE_HANDED_OVER" }),
    );
    catalogueHandedOver(db, seller.id);
    res.json(SellerState.parse({ state: "CATALOGUE_DATA_SUBMITTED" }));
  });

  router.use(onboardingHomeRoutes(context));

  return router;
}
