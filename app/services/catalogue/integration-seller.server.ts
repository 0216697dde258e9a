/**
 * The catalogue team works on sellers in integration only (handed over and
 * not yet active, or returned and not handed over again: `inIntegration`): to
 * its screen and its download, any other seller is one that does not exist,
 * whatever its id.
 */
import { inIntegration, type IntegrationInfo } from "#contract/catalogue.ts";
import { isUpstreamId } from "#app/lib/upstream-id.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";

/** The seller's integration details, or null when there is no such seller in integration. */
export async function sellerInIntegration(args: RequestArgs, sellerId: string): Promise<IntegrationInfo | null> {
  if (!isUpstreamId(sellerId)) return null;
  try {
    const info = await upstream(args).catalogueUpload.integrationInfo(sellerId);
    return inIntegration(info) ? info : null;
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
}
