/**
 * The catalogue team works on sellers in integration only (handed over and
 * not yet active, or returned and not handed over again: `inIntegration`): to
 * its screen and its download, any other seller is one that does not exist,
 * whatever its id.
 */
import { inIntegration, type IntegrationInfo } from "@contract/catalogue";
import { upstream } from "~/features/shell/upstream.server";
import type { RequestArgs } from "~/shared/request-args";
import { UpstreamError } from "~/shared/upstream/upstream-error.server";

/** The seller's integration details, or null when there is no such seller in integration. */
export async function sellerInIntegration(args: RequestArgs, sellerId: string): Promise<IntegrationInfo | null> {
  try {
    const info = await upstream(args).catalogueUpload.integrationInfo(sellerId);
    return inIntegration(info) ? info : null;
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
}
