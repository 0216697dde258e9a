import { env } from "#app/services/config/env.server.ts";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The four base addresses, for the environment indicator, which only a portal opened on localhost shows. */
export function environmentServices(request: Request) {
  if (!LOCAL_HOSTS.has(new URL(request.url).hostname)) return null;
  const e = env();
  return [
    { name: "api" as const, url: e.API_BASE_URL },
    { name: "sellerService" as const, url: e.SELLER_SERVICE_BASE_URL },
    { name: "catalogueUpload" as const, url: e.CATALOGUE_UPLOAD_BASE_URL },
    { name: "analytics" as const, url: e.ANALYTICS_BASE_URL },
  ];
}
