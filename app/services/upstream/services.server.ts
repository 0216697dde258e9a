import type { ServiceName } from "#contract/upstream.ts";
import { env } from "#app/services/config/env.server.ts";
import type { ServiceConfig } from "./http.server.ts";

/** Each upstream service's base address and credentials, as configured. */
export function serviceConfigs(): Record<ServiceName, ServiceConfig> {
  const e = env();
  const timeoutMs = e.UPSTREAM_TIMEOUT_MS;
  const withKey = (name: string, baseUrl: string): ServiceConfig => ({ name, baseUrl, apiKey: e.API_KEY, bearer: true, timeoutMs });
  return {
    onboarding: withKey("onboarding", e.API_BASE_URL),
    userProfile: withKey("user-profile", e.USER_PROFILE_BASE_URL),
    sellerService: withKey("seller-service", e.SELLER_SERVICE_BASE_URL),
    catalogueUpload: withKey("catalogue-upload", e.CATALOGUE_UPLOAD_BASE_URL),
    catalogue: withKey("catalogue", e.CATALOGUE_BASE_URL),
    recommendedActions: withKey("recommended-actions", e.RECOMMENDED_ACTIONS_BASE_URL),
    notifications: withKey("notifications", e.NOTIFICATION_BASE_URL),
    analytics: { name: "analytics", baseUrl: e.ANALYTICS_BASE_URL, apiKey: e.ANALYTICS_API_KEY, bearer: true, timeoutMs },
    address: { name: "address", baseUrl: e.ADDRESS_BASE_URL, bearer: false, timeoutMs },
    // Asked while a step is saved: a short limit, the step never waits longer.
    vatConfirmation: { name: "vat-confirmation", baseUrl: e.VAT_CONFIRMATION_BASE_URL, bearer: false, timeoutMs: e.VAT_CONFIRMATION_TIMEOUT_MS },
    vies: { name: "vies", baseUrl: e.VIES_BASE_URL, bearer: false, timeoutMs: e.VAT_CONFIRMATION_TIMEOUT_MS },
    producerRegister: { name: "producer-register", baseUrl: e.PRODUCER_REGISTER_BASE_URL, bearer: false, timeoutMs: e.REGISTER_LOOKUP_TIMEOUT_MS },
  };
}
