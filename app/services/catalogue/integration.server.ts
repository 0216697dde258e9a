/**
 * The catalogue team's screen on the server: the sellers, one seller's
 * details with each file's stored check, and the two ways a hand-over ends
 * here: finishing the mapping, or returning it to the seller with reasons;
 * beside them the active sellers' catalogue updates
 * (integration-updates.server.ts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { IntegrationInfo } from "#contract/catalogue.ts";
import type { CatalogueAnalysis } from "#contract/catalogue-analysis.ts";
import type { FileCorrections } from "#contract/catalogue-corrections.ts";
import { data } from "react-router";
import { failedUpstreamAction } from "./actions.server.ts";
import { sellerInIntegration } from "./integration-seller.server.ts";
import { integrationUpdateAction, isUpdateIntent, loadTeamUpdates } from "./integration-updates.server.ts";
import { returnFormSchema, toReturnInput } from "#app/lib/catalogue/return-form.ts";
import { upstream, type UpstreamClients } from "#app/services/upstream/request-clients.server.ts";
import { redirectWithOutcome, takeOutcome } from "#app/services/toasts/outcome.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { orRouteError, settle, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { marketplaceCategories } from "./categories.server.ts";
import type { Returnables } from "#app/lib/catalogue/returnables.ts";
import type { TeamMappingView } from "#app/lib/catalogue/team-mapping.ts";
import { getLocale } from "#app/services/i18n/i18n.server.ts";
import { requireUpstreamId } from "#app/services/upstream/upstream-path.server.ts";

/** Left-out products listed on the screen; the rest are in the products view filtered to them. */
export const LEFT_OUT_SHOWN = 20;

export type FileReport = {
  analysis: CatalogueAnalysis | null;
  unavailable: boolean;
  /** The seller's corrections: how many (values and rules), and the products left out with their reasons; null when they could not be read. */
  corrections: { changes: number; leftOut: FileCorrections["leftOut"]; leftOutCount: number } | null;
};

const screen = (sellerId: string) => `/product-catalogue-integration?sellerId=${encodeURIComponent(sellerId)}`;

export async function loadIntegration(args: RequestArgs, url: URL) {
  const sellerId = url.searchParams.get("sellerId");
  const client = upstream(args).catalogueUpload;
  // An unknown seller id, or a seller not in integration, is the user's typo, not a broken page.
  const details = sellerId ? sellerInIntegration(args, sellerId) : Promise.resolve(null);
  const [[sellers, info], updates, { outcome, headers }] = await Promise.all([
    orRouteError(Promise.all([client.integrationSellers(), details])),
    loadTeamUpdates(args, sellerId, url.searchParams.get("updateId")),
    takeOutcome(args.request),
  ]);
  const [reports, updateReports, returnables, categoryMapping] = await Promise.all([
    info ? fileReports(client, info) : {},
    updates.update ? fileReports(client, updates.update) : {},
    info?.state === "CATALOGUE_DATA_SUBMITTED" ? returnableItems(args, info) : null,
    info ? teamMapping(args, info.sellerId) : null,
  ]);
  // Finishing and taking an update in ask first: the address says which question is open.
  const confirmFinish = url.searchParams.get("confirm") === "finish" && info?.state === "CATALOGUE_DATA_SUBMITTED";
  const confirmProcess = url.searchParams.get("confirm") === "process" && updates.update?.status === "SUBMITTED";
  return data(
    { sellers, info, sellerId, reports, returnables, categoryMapping, confirmFinish, ...updates, updateReports, confirmProcess, outcome },
    { headers },
  );
}

/** The seller's category mapping, read-only, with each category's path in the reader's language; "unavailable" when it could not be read. */
async function teamMapping(args: RequestArgs, sellerId: string): Promise<TeamMappingView | "unavailable"> {
  const lang = getLocale(args.context) === "de" ? "de" : "en";
  const [mapping, tree] = await Promise.all([settle(upstream(args).catalogueUpload.integrationCategoryMapping(sellerId)), settle(marketplaceCategories(args))]);
  if (!mapping.ok) return "unavailable";
  const path = (categoryId: string | null) => (categoryId && tree.ok ? (tree.value.label(categoryId, lang)?.path.join(" › ") ?? null) : null);
  return {
    values: mapping.value.values.map(({ returned, ...value }) => ({ ...value, category: path(value.categoryId), returnedReason: returned?.reason ?? null })),
    moved: mapping.value.moved.map((product) => ({ ...product, category: path(product.categoryId) })),
    truncated: mapping.value.truncated,
    namesMissing: !tree.ok,
  };
}

/** Products of each file still needing a fix that the return form offers to return on their own. */
const RETURNABLE_PRODUCTS_PER_FILE = 20;

/** The seller's category mapping and the products that still need a fix, to return one of them on its own. */
async function returnableItems(args: RequestArgs, info: IntegrationInfo): Promise<Returnables> {
  const api = upstream(args);
  const lang = getLocale(args.context) === "de" ? "de" : "en";
  const [mappings, tree, ...files] = await Promise.all([
    settle(api.catalogue.sellerMappings(info.sellerId)),
    settle(marketplaceCategories(args)),
    ...info.files.map((file) =>
      settle(api.catalogueUpload.integrationProducts(info.sellerId, file.id, { page: 1, pageSize: RETURNABLE_PRODUCTS_PER_FILE, status: "NEEDS_FIX" })),
    ),
  ]);
  const categories = (mappings.ok ? mappings.value.mappings : []).map((mapping) => ({
    value: mapping.value,
    category: tree.ok ? (tree.value.label(mapping.categoryId, lang)?.path.join(" › ") ?? null) : null,
  }));
  const products = files.flatMap((found, index) =>
    found.ok
      ? found.value.products.map((product) => ({
          fileId: info.files[index]!.id,
          fileName: info.files[index]!.fileName,
          row: product.row,
          title: product.values.title,
        }))
      : [],
  );
  // A file without products stored yet (404) is no failure; anything else is said.
  const failedFile = files.some((found) => !found.ok && found.error.status !== 404);
  return { categories, products, incomplete: !mappings.ok || !tree.ok || failedFile };
}

/** Each file's stored check, read at once; a file without one is "not checked", a failing one says so without breaking the screen. */
async function fileReports(client: UpstreamClients["catalogueUpload"], info: Pick<IntegrationInfo, "sellerId" | "files">): Promise<Record<string, FileReport>> {
  const entries = await Promise.all(
    info.files.map(async (file): Promise<[string, FileReport]> => {
      const corrections = client.integrationCorrections(info.sellerId, file.id).then(
        (found) => ({ changes: found.values.length + found.rules.length, leftOut: found.leftOut.slice(0, LEFT_OUT_SHOWN), leftOutCount: found.leftOut.length }),
        (error: unknown) => {
          if (error instanceof UpstreamError) return null;
          throw error;
        },
      );
      try {
        return [file.id, { analysis: await client.integrationAnalysis(info.sellerId, file.id), unavailable: false, corrections: await corrections }];
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        return [file.id, { analysis: null, unavailable: error.status !== 404, corrections: await corrections }];
      }
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * "finish": the mapping is done (after the confirmation). "return": the hand-over goes back to the seller with the
 * reasons. A catalogue update's intents: integration-updates.server.ts.
 */
export async function integrationAction(args: RequestArgs) {
  const t = getI18n(args.context).t;
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  if (isUpdateIntent(intent)) return integrationUpdateAction(args, formData, intent);
  // The hidden field names the seller; anything that is no seller id is refused before a call.
  const sellerId = requireUpstreamId(formData.get("sellerId"));
  const client = upstream(args).catalogueUpload;
  if (intent === "return") {
    const submission = parseWithZod(formData, { schema: returnFormSchema });
    if (submission.status !== "success") return data({ intent: "return" as const, result: submission.reply() }, { status: 400 });
    try {
      const info = await client.returnCatalogue(sellerId, toReturnInput(submission.value));
      return redirectWithOutcome(screen(sellerId), { kind: "returned", seller: info.sellerName, state: info.state });
    } catch (error) {
      return failedUpstreamAction(args, error, t("catalogueReturn.failed"), { intent: "return" as const, result: submission.reply() });
    }
  }
  // Finishing is only ever the confirmation's button: anything else posted here changes nothing.
  if (intent !== "finish") return data({ intent: "unknown" as const }, { status: 400 });
  try {
    const info = await client.finishMapping(sellerId);
    return redirectWithOutcome(screen(sellerId), { kind: "mappingFinished", seller: info.sellerName, state: info.state });
  } catch (error) {
    return failedUpstreamAction(args, error, t("catalogue.integration.finishFailed"), { intent: "finish" as const });
  }
}
