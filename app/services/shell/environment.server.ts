import { env } from "#app/services/config/env.server.ts";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The four base addresses, for the environment indicator, which only a portal
 * configured for a local address (PORTAL_URL on localhost: a developer's
 * machine) shows. Decided by the configuration alone: the request's Host is
 * the client's to choose, so a deployed portal asked with `Host: localhost`
 * shows nothing.
 */
export function environmentServices() {
  const e = env();
  if (!LOCAL_HOSTS.has(new URL(e.PORTAL_URL).hostname)) return null;
  return [
    { name: "api" as const, url: e.API_BASE_URL },
    { name: "sellerService" as const, url: e.SELLER_SERVICE_BASE_URL },
    { name: "catalogueUpload" as const, url: e.CATALOGUE_UPLOAD_BASE_URL },
    { name: "analytics" as const, url: e.ANALYTICS_BASE_URL },
  ];
}
