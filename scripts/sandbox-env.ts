/** The portal's configuration when the sandbox plays the marketplace. */
import { sandboxClient, sandboxKeys, sandboxMarketplaceVatId, sandboxServicePrefixes } from "#contract/upstream.ts";

export function sandboxPortalEnv(sandboxUrl: string, portalUrl: string, sessionSecret: string): Record<string, string> {
  const service = (name: keyof typeof sandboxServicePrefixes) => sandboxUrl + sandboxServicePrefixes[name];
  return {
    PORTAL_URL: portalUrl,
    SESSION_SECRET: sessionSecret,
    OIDC_ISSUER: `${sandboxUrl}/idp`,
    OIDC_CLIENT_ID: sandboxClient.clientId,
    OIDC_CLIENT_SECRET: sandboxClient.clientSecret,
    API_BASE_URL: service("onboarding"),
    USER_PROFILE_BASE_URL: service("userProfile"),
    SELLER_SERVICE_BASE_URL: service("sellerService"),
    CATALOGUE_UPLOAD_BASE_URL: service("catalogueUpload"),
    CATALOGUE_BASE_URL: service("catalogue"),
    ANALYTICS_BASE_URL: service("analytics"),
    RECOMMENDED_ACTIONS_BASE_URL: service("recommendedActions"),
    ADDRESS_BASE_URL: service("address"),
    NOTIFICATION_BASE_URL: service("notifications"),
    VAT_CONFIRMATION_BASE_URL: service("vatConfirmation"),
    VIES_BASE_URL: service("vies"),
    PRODUCER_REGISTER_BASE_URL: service("producerRegister"),
    MARKETPLACE_VAT_ID: sandboxMarketplaceVatId,
    API_KEY: sandboxKeys.apiKey,
    ANALYTICS_API_KEY: sandboxKeys.analyticsApiKey,
    IMPRINT_URL: `${sandboxUrl}/legal/imprint`,
    PRIVACY_URL: `${sandboxUrl}/legal/privacy`,
    HELP_URL: `${sandboxUrl}/help`,
  };
}

/** The sandbox's image host, the one origin inside the network whose images the portal checks, with its certificate. */
export async function sandboxImagesEnv(sandboxUrl: string): Promise<Record<string, string>> {
  const response = await fetch(`${sandboxUrl}/__sandbox/images`);
  if (!response.ok) return {};
  const { origin, caPath } = (await response.json()) as { origin: string; caPath: string };
  return { IMAGE_CHECK_SANDBOX_ORIGIN: origin, IMAGE_CHECK_SANDBOX_CA: caPath };
}

/** Waits until the sandbox answers its health check. */
export async function waitForSandbox(sandboxUrl: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${sandboxUrl}/__sandbox/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`The sandbox did not start at ${sandboxUrl} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
