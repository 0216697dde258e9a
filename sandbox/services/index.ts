import type express from "express";
import { sandboxKeys, sandboxServicePrefixes, type ServiceName } from "#contract/upstream.ts";
import type { SandboxContext } from "../context.ts";
import { sendError } from "../http/errors.ts";
import { serviceGuard, type ServicePolicy } from "../http/service-guard.ts";
import { recordSubstitutedChanges } from "../substitution-audit.ts";
import { addressService } from "./address.ts";
import { analyticsService } from "./analytics.ts";
import { catalogueCategoriesService } from "./catalogue-categories.ts";
import { catalogueUploadService } from "./catalogue-upload.ts";
import { notificationService } from "./notifications.ts";
import { onboardingService } from "./onboarding.ts";
import { recommendedActionsService } from "./recommended-actions.ts";
import { sellerServiceService } from "./seller-service.ts";
import { userProfileService } from "./user-profile.ts";
import { vatConfirmationService, viesService } from "./vat-confirmation.ts";
import { producerRegisterService } from "./producer-register.ts";

type ServiceDefinition = ServicePolicy & { router(context: SandboxContext): express.Router };

/** Every upstream service: who may call it (bearer token, API key: docs/product.md §6) and its routes. */
export const services: Record<ServiceName, ServiceDefinition> = {
  onboarding: { bearer: true, apiKey: sandboxKeys.apiKey, router: onboardingService },
  userProfile: { bearer: true, apiKey: sandboxKeys.apiKey, router: userProfileService },
  sellerService: { bearer: true, apiKey: sandboxKeys.apiKey, router: sellerServiceService },
  catalogueUpload: { bearer: true, apiKey: sandboxKeys.apiKey, router: catalogueUploadService },
  catalogue: { bearer: true, apiKey: sandboxKeys.apiKey, router: catalogueCategoriesService },
  recommendedActions: { bearer: true, apiKey: sandboxKeys.apiKey, router: recommendedActionsService },
  analytics: { bearer: true, apiKey: sandboxKeys.analyticsApiKey, router: analyticsService },
  address: { bearer: false, apiKey: null, router: addressService },
  vatConfirmation: { bearer: false, apiKey: null, router: vatConfirmationService },
  vies: { bearer: false, apiKey: null, router: viesService },
  producerRegister: { bearer: false, apiKey: null, router: producerRegisterService },
  notifications: { bearer: true, apiKey: sandboxKeys.apiKey, router: notificationService },
};

/**
 * Mounts each service under its prefix, behind its guard (then the record of changes made while acting as a
 * seller), with a contract-shaped 404 for unknown paths.
 */
export function mountServices(app: express.Express, context: SandboxContext): void {
  for (const [name, service] of Object.entries(services) as [ServiceName, ServiceDefinition][]) {
    const prefix = sandboxServicePrefixes[name];
    app.use(prefix, serviceGuard(context, service), recordSubstitutedChanges(context.db, prefix), service.router(context), (req, res) => {
      sendError(res, 404, `No such endpoint: ${req.method} ${prefix}${req.path}`, "NOT_FOUND");
    });
  }
}
