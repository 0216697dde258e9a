/**
 * Which proxies the portal believes: X-Forwarded-For, -Proto and -Host count
 * only from the addresses in TRUSTED_PROXIES (Express's "trust proxy"), so a
 * client cannot claim another scheme or host for itself.
 */
import { logger, type PortalEnv } from "#app/node-server.ts";

export function trustProxySetting(env: PortalEnv): string[] | false {
  if (env.TRUSTED_PROXIES.length > 0) return env.TRUSTED_PROXIES;
  // The portal speaks plain HTTP: an https address means a TLS proxy in front, whose X-Forwarded-Proto says so.
  if (env.PORTAL_URL.startsWith("https://")) {
    logger.warn(
      { portalUrl: env.PORTAL_URL },
      "PORTAL_URL is https but TRUSTED_PROXIES is empty: the proxy's X-Forwarded-Proto is ignored, and form posts are refused as cross-origin",
    );
  }
  return false;
}
