import express, { type Response } from "express";
import { MarkAsFilled, UploadSettingsInput } from "#contract/catalogue.ts";
import { catalogueImportProgress, effectiveSellerId, findSellerById, markOnboardingStarted, type SellerRow } from "../repository.ts";
import { hasStoredFtpPassword, markStepFilled, saveUploadSettings, toUploadSettings } from "../catalogue.ts";
import type { SandboxContext } from "../context.ts";
import { sendError } from "../http/errors.ts";
import { signedInUser } from "../http/service-guard.ts";
import { recorded } from "../activity.ts";

/** The onboarding service's catalogue settings: how the catalogue arrives, and marking steps as filled. */
export function catalogueSettingsRoutes(context: SandboxContext): express.Router {
  const { db } = context;
  const router = express.Router();

  const currentSeller = (res: Response): SellerRow | undefined => {
    const sellerId = effectiveSellerId(signedInUser(res));
    const seller = sellerId ? findSellerById(db, sellerId) : undefined;
    if (!seller) {
      sendError(res, 404, "The current user belongs to no seller", "SELLER_NOT_FOUND");
      return undefined;
    }
    return seller;
  };

  router.get("/me/seller/upload-settings", (_req, res) => {
    const seller = currentSeller(res);
    if (seller) res.json(toUploadSettings(db, seller));
  });

  /** Saves the settings and answers them as stored (the FTP password never comes back). */
  router.patch("/me/seller/upload-settings", (req, res) => {
    const seller = currentSeller(res);
    if (!seller) return;
    if (seller.state !== "REGISTERED" && seller.state !== "ONBOARDING") {
      sendError(res, 409, `The catalogue was handed over already (state ${seller.state})`, "INVALID_STATE");
      return;
    }
    const input = UploadSettingsInput.safeParse(req.body);
    if (!input.success) {
      sendError(res, 400, "The upload settings are not valid", "VALIDATION_ERROR", {
        errors: input.error.issues.map((issue) => ({ fieldName: issue.path.join(".") || "uploadType", errorMessage: issue.message })),
      });
      return;
    }
    if (input.data.uploadType === "FTP" && !input.data.ftpPassword && !hasStoredFtpPassword(db, seller.id)) {
      sendError(res, 400, "The upload settings are not valid", "VALIDATION_ERROR", {
        errors: [{ fieldName: "ftpPassword", errorMessage: "required" }],
      });
      return;
    }
    recorded(
      db,
      res,
      () => {
        saveUploadSettings(db, seller, input.data);
        markOnboardingStarted(db, seller);
      },
      () => ({ sellerId: seller.id, kind: "UPLOAD_SETTINGS_SAVED", params: { uploadType: input.data.uploadType } }),
    );
    res.json(toUploadSettings(db, findSellerById(db, seller.id)!));
  });

  router.put("/me/seller/catalogue-import-progress/mark-as-filled", (req, res) => {
    const seller = currentSeller(res);
    if (!seller) return;
    const input = MarkAsFilled.safeParse(req.body);
    if (!input.success) {
      sendError(res, 400, "Expected { stepType }", "VALIDATION_ERROR", { errors: [{ fieldName: "stepType", errorMessage: "invalid" }] });
      return;
    }
    recorded(
      db,
      res,
      () => markStepFilled(db, seller, input.data.stepType),
      () => ({ sellerId: seller.id, kind: "CATALOGUE_STEP_MARKED", params: { step: input.data.stepType } }),
    );
    res.json(catalogueImportProgress(db, findSellerById(db, seller.id)!));
  });

  return router;
}
