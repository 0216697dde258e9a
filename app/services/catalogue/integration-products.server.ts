/**
 * The catalogue team's read-only products view of a seller's file: the file
 * of a seller in integration (`sellerId`, `fileId`), or of one of a seller's
 * catalogue updates (`sellerId`, `updateId`, `fileId`), checked as the
 * team's download checks them; any other id is a page that does not exist.
 */
import type { IntegrationFile } from "#contract/catalogue.ts";
import { productsViewOf } from "#app/lib/catalogue/products-query.ts";
import { notFound } from "#app/services/http/not-found.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import { requireUpstreamId } from "#app/services/upstream/upstream-path.server.ts";
import { sellerInIntegration } from "./integration-seller.server.ts";
import { updateForTeam } from "./integration-updates.server.ts";
import { teamProductsOutcome } from "./products.server.ts";

/** The files the address may name: the seller's in integration, or the update's (when it is the seller's); null when none. */
async function filesInReach(args: RequestArgs, sellerId: string, updateId: string | null): Promise<IntegrationFile[] | null> {
  if (updateId === null) return (await orRouteError(sellerInIntegration(args, sellerId)))?.files ?? null;
  const update = await orRouteError(updateForTeam(args, updateId));
  return update && update.sellerId === sellerId ? update.files : null;
}

/** The products view the address asks for, of a file within the team's reach; 404 for any other. */
export async function teamFileProducts(args: RequestArgs) {
  const query = new URL(args.request.url).searchParams;
  const sellerId = query.get("sellerId");
  const updateId = query.get("updateId");
  const files = sellerId === null ? null : await filesInReach(args, sellerId, updateId);
  const view = productsViewOf(query);
  const file = files?.find((candidate) => candidate.id === view.fileId);
  if (sellerId === null || !file) throw await notFound(args);
  const scope: Record<string, string> = updateId === null ? { sellerId } : { sellerId, updateId };
  const teamView = { ...view, scope };
  const outcome = await teamProductsOutcome(args, requireUpstreamId(sellerId), file, teamView);
  return { view: teamView, sellerId, updateId, file: { id: file.id, fileName: file.fileName }, outcome };
}
