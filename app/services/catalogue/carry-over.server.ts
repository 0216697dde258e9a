/**
 * Corrections carried over to a new upload of the same file name
 * (contract/catalogue-carry-over.ts): the review says how many of the
 * earlier file's corrected or left-out products still match a product of
 * the new file (by SKU or EAN) and how many do not; the confirmation
 * re-checks each matching product with the upload's row rules and sends the
 * carried values with the problems found. The earlier file's rules (one
 * rule fixing a problem kind) are offered beside them where this file has
 * products of the kind and not the rule yet: the confirmation applies each
 * again, worked out on this file's products as the kind fix does. Nothing
 * changes before it.
 */
import { data } from "react-router";
import type { CarryOverOffer, CarryOverRule } from "#contract/catalogue-carry-over.ts";
import type { ProductKey } from "#contract/catalogue-products.ts";
import { UPSTREAM_ID } from "#app/lib/upstream-id.ts";
import { productsHref, productsViewOf, type FixPaths } from "#app/lib/catalogue/products-query.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { notFound } from "#app/services/http/not-found.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { redirectWithPortalToast } from "#app/services/toasts/toast.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { orRouteError, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { failedUpstreamAction } from "./actions.server.ts";
import { fileOpenForChanges, kindChanges } from "./product-fixes.server.ts";
import { readOutcome, withProductIndex } from "./products.server.ts";
import { recheckProduct } from "./reading/product-check.ts";

/** Applications one confirmation sends at most (each up to `maxCarryOverChanges` products): the bound of corrections a file keeps. */
const MAX_ROUNDS = 50;

/** The address names a file: anything else is a page that does not exist. */
export function validCarryOverAddress(url: URL): boolean {
  return UPSTREAM_ID.test(url.searchParams.get("fileId") ?? "");
}

/** The review of a carry-over: the earlier file, how many of its corrected products match and how many do not, the first matching ones. */
export async function carryOverPage(args: RequestArgs, paths: FixPaths) {
  const url = new URL(args.request.url);
  const fileId = url.searchParams.get("fileId")!;
  const seller = await orRouteError(upstream(args).onboarding.seller());
  const file = seller.sellerCatalogueFiles.find((candidate) => candidate.id === fileId);
  if (!file) throw await notFound(args);
  const back = productsHref({ ...productsViewOf(new URLSearchParams()), fileId }, {}, paths.products);
  const shown = { file: { id: file.id, fileName: file.fileName }, back, search: url.search };
  if (!(await orRouteError(fileOpenForChanges(args, seller, fileId, paths)))) return { ...shown, review: { kind: "closed" as const } };
  const outcome = await readOutcome(args, file, () => withProductIndex(args, fileId, () => upstream(args).catalogueUpload.carryOverOffer(fileId)));
  const review = outcome.kind === "read" ? { kind: "review" as const, ...reviewOf(outcome.value) } : outcome;
  return { ...shown, review };
}

/** The earlier file's rules this file may take: not applied here yet, with products of the kind that still need a fix. */
const rulesToApply = (rules: readonly CarryOverRule[]) => rules.filter((rule) => !rule.applied && rule.inKind > 0);

function reviewOf(offer: CarryOverOffer) {
  return {
    rules: rulesToApply(offer.rules).map(({ rule, field, kind, changed, inKind }) => ({ rule, field, kind, changed, inKind })),
    rulesApplied: offer.rules.filter((rule) => rule.applied).length,
    from: offer.from,
    matching: offer.matching,
    notMatching: offer.notMatching,
    carried: offer.carried,
    toCarry: offer.pending.length,
    more: offer.more,
    shown: offer.pending.slice(0, 50).map((item) => ({
      row: item.row,
      fromRow: item.fromRow,
      matchedBy: item.matchedBy,
      changes: (Object.entries(item.values) as [ProductKey, string][]).map(([field, after]) => ({ field, before: item.current[field], after })),
      leftOutReason: item.leftOutReason,
    })),
  };
}

const gone = (error: unknown) =>
  error instanceof UpstreamError && error.status === 404 && ["FILE_NOT_FOUND", "PRODUCTS_NOT_INDEXED"].includes(error.body.errorCode ?? "");
const closed = (error: unknown) => error instanceof UpstreamError && error.status === 409 && error.body.errorCode === "INVALID_STATE";

/** Carries the matching products' corrections over: each re-checked, sent in applications of at most `maxCarryOverChanges`. */
export async function carryOverAction(args: RequestArgs, paths: FixPaths) {
  const t = getI18n(args.context).t;
  const url = new URL(args.request.url);
  const fileId = url.searchParams.get("fileId")!;
  const formData = await args.request.formData();
  if (formData.get("intent") !== "carryOver") return data({ gone: false }, { status: 400 });
  const client = upstream(args).catalogueUpload;
  const back = productsHref({ ...productsViewOf(new URLSearchParams()), fileId }, {}, paths.products);
  let carried = 0;
  let rules = 0;
  try {
    let columns: Partial<Record<ProductKey, string>> | null = null;
    let offered: CarryOverRule[] = [];
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const offer = await client.carryOverOffer(fileId);
      if (round === 0) offered = rulesToApply(offer.rules);
      if (!offer.from || offer.pending.length === 0) break;
      columns ??= (await client.product(fileId, offer.pending[0]!.row)).columns;
      const changes = offer.pending.map((item) => ({
        row: item.row,
        version: item.version,
        values: item.values,
        leftOutReason: item.leftOutReason,
        problems: recheckProduct(item.current, { ...item.current, ...item.values }, item.problems, columns!),
      }));
      const done = await client.carryOver(fileId, { fromFileId: offer.from.fileId, changes });
      carried += done.carried;
      // Products changed meanwhile are left as they are: the next offer would list them again.
      if (!offer.more || done.carried === 0) break;
    }
    // Then each rule, applied again to this file's products of its kind (those the carried values fixed are no longer
    // in it): one rule record each time, as the kind fix writes it, until the rule changes no more of them.
    for (const { rule, field, kind } of offered) {
      let applied = false;
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const { changes, more } = await kindChanges(args, fileId, kind, rule, field);
        if (changes.length === 0) break;
        const done = await client.applyRule(fileId, { rule, field, kind, changes: changes.map(({ before: _before, ...change }) => change) });
        applied ||= done.changed > 0;
        if (!more || done.changed === 0) break;
      }
      if (applied) rules++;
    }
  } catch (error) {
    if (gone(error)) return data({ gone: true }, { status: 404 });
    if (closed(error)) return redirectWithPortalToast(url.pathname + url.search, { type: "error", message: t("catalogueProducts.fix.closed") });
    return failedUpstreamAction(args, error, t("catalogueProducts.carryOver.failed"), { gone: false });
  }
  if (carried === 0 && rules === 0) return redirectWithPortalToast(back, { type: "info", message: t("catalogueProducts.carryOver.nothing") });
  const message = [
    ...(carried > 0 ? [t("catalogueProducts.carryOver.done", { count: carried })] : []),
    ...(rules > 0 ? [t("catalogueProducts.carryOver.rulesDone", { count: rules })] : []),
  ].join(" ");
  return redirectWithPortalToast(back, { type: "success", message });
}
