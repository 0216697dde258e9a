/**
 * Fixing a catalogue file's products in the browser: one product's values
 * corrected in a form, left out with a reason or put back, and a problem
 * kind fixed at once by one rule after a review of what it changes. The
 * values are checked by the upload's row rules (reading/product-check.ts,
 * reading/value-fixes.ts); the catalogue upload service keeps the changes
 * (contract/catalogue-corrections.ts). A save is one upstream write, sent
 * with the version of the product it started from: a product changed
 * meanwhile is shown as it is now, the typed values kept.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import type { RowProblemKind } from "#contract/catalogue-analysis.ts";
import { rowProblemKinds } from "#contract/catalogue-analysis.ts";
import type { SellerStateName } from "#contract/upstream.ts";
import { maxLeaveOutReasonChars, maxRuleChanges, type FixRule, type ProductCorrections, type RuleChange } from "#contract/catalogue-corrections.ts";
import {
  maxProductsPageSize,
  productKeyFields,
  productKeys,
  productValueChars,
  type CatalogueProduct,
  type ProductKey,
  type ProductProblem,
  type ProductValues,
} from "#contract/catalogue-products.ts";
import { UPSTREAM_ID } from "#app/lib/upstream-id.ts";
import { catalogueEditable } from "#app/lib/catalogue/catalogue-steps.ts";
import { fixPaths, productsHref, productsViewOf, type FixPaths, type ProductsView } from "#app/lib/catalogue/products-query.ts";
import type { ProductFixAnswer as ProductActionData } from "#app/lib/catalogue/product-fix-answer.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { notFound } from "#app/services/http/not-found.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { redirectWithPortalToast } from "#app/services/toasts/toast.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import { failedUpstreamAction } from "./actions.server.ts";
import { readOutcome, withProductIndex } from "./products.server.ts";
import { recheckProduct } from "./reading/product-check.ts";
import { categoryIntents, productCategoryAction, productCategoryInfo, type CategoryIntent } from "./product-category.server.ts";
import { isRuleOfKind, ruleFix } from "./reading/value-fixes.ts";

const ROW = /^[1-9]\d{0,9}$/;

/** The address's file and row, checked before any upstream call: anything else is a page that does not exist. */
export function validProductAddress(url: URL): boolean {
  return UPSTREAM_ID.test(url.searchParams.get("fileId") ?? "") && ROW.test(url.searchParams.get("row") ?? "");
}

/** The address's file, kind, rule and field: a kind a rule of which may fix it. */
export function validKindFixAddress(url: URL): boolean {
  const params = url.searchParams;
  const kind = params.get("kind") ?? "";
  return (
    UPSTREAM_ID.test(params.get("fileId") ?? "") &&
    (rowProblemKinds as readonly string[]).includes(kind) &&
    isRuleOfKind(kind as RowProblemKind, params.get("rule") ?? "", params.get("field") ?? "")
  );
}

function addressOf(url: URL) {
  return { fileId: url.searchParams.get("fileId")!, row: Number(url.searchParams.get("row")), view: productsViewOf(url.searchParams) };
}

const gone = (error: unknown) =>
  error instanceof UpstreamError && error.status === 404 && ["ROW_NOT_FOUND", "FILE_NOT_FOUND"].includes(error.body.errorCode ?? "");
/** The service refuses a change to a file that is no longer open: handed over, or sent as an update. */
const closed = (error: unknown) => error instanceof UpstreamError && error.status === 409 && error.body.errorCode === "INVALID_STATE";
const conflict = (error: unknown) => error instanceof UpstreamError && error.status === 409 && error.body.errorCode === "VERSION_CONFLICT";

/**
 * Whether a file may still be changed where `paths` lead: during the shop
 * setup until the hand-over, and once live while it belongs to the update
 * not sent yet (an update's file sent to the catalogue team is read-only).
 */
export async function fileOpenForChanges(args: RequestArgs, seller: { state: SellerStateName }, fileId: string, paths: FixPaths): Promise<boolean> {
  if (paths === fixPaths.handOver) return catalogueEditable(seller.state);
  const updates = await upstream(args).catalogueUpload.catalogueUpdates();
  return updates.openFileIds.includes(fileId);
}

/** The product page: the file's name, the product with its corrections (the index written first when none is stored). */
export async function productPage(args: RequestArgs, paths: FixPaths) {
  const url = new URL(args.request.url);
  const { fileId, row, view } = addressOf(url);
  const client = upstream(args);
  const seller = await orRouteError(client.onboarding.seller());
  const file = seller.sellerCatalogueFiles.find((candidate) => candidate.id === fileId);
  if (!file) throw await notFound(args);
  const back = productsHref({ ...view, fileId }, {}, paths.products);
  const shown = { file: { id: file.id, fileName: file.fileName }, row, back, search: url.search };
  if (!(await orRouteError(fileOpenForChanges(args, seller, fileId, paths)))) return data({ ...shown, outcome: { kind: "closed" as const } });
  let missing = false;
  const outcome = await readOutcome(args, file, () =>
    withProductIndex(args, fileId, () => client.catalogueUpload.product(fileId, row)).catch((error: unknown) => {
      if (!gone(error)) throw error;
      missing = true;
      return null;
    }),
  );
  const page = {
    ...shown,
    outcome: missing ? { kind: "gone" as const } : outcome.kind === "read" ? { kind: "product" as const, corrections: outcome.value! } : outcome,
    // What the product's category needs, and its quality checklist.
    category: outcome.kind === "read" && outcome.value ? await productCategoryInfo(args, outcome.value.product) : null,
  };
  // A row the file has no product at (forged, or gone with the file replaced) is said in words, as a page not found.
  return data(page, { status: missing ? 404 : 200 });
}

const Intent = z.enum(["correct", "leaveOut", "putBack"]);
const valueField = z.string().max(productValueChars, "catalogueProducts.fix.tooLong").default("");

/** What the form posts: the version it started from and, by intent, the values or the reason. */
const ProductForm = z.object({
  intent: Intent,
  version: z.coerce.number().int().nonnegative(),
  sku: valueField,
  ean: valueField,
  title: valueField,
  price: valueField,
  brand: valueField,
  category: valueField,
  contentQuantity: valueField,
  contentUnit: valueField,
  responsiblePerson: valueField,
  responsiblePersonAddress: valueField,
  reason: z.string().trim().max(maxLeaveOutReasonChars, "catalogueProducts.fix.reasonTooLong").default(""),
});

/** A problem's message key and the form field it belongs to. */
function fieldOf(problem: ProductProblem): ProductKey | null {
  return productKeys.find((key) => productKeyFields[key] === problem.field) ?? null;
}

/** Corrects, leaves out or puts back the product of the address: checked, then one write. */
export async function productAction(args: RequestArgs & { url: URL }) {
  const t = getI18n(args.context).t;
  // The address as the browser knows it (a fetcher's request ends in `.data`): where a save returns to.
  const url = args.url;
  const { fileId, row } = addressOf(url);
  const formData = await args.request.formData();
  const client = upstream(args).catalogueUpload;
  const asked = formData.get("intent");
  if ((categoryIntents as readonly unknown[]).includes(asked)) {
    const intent = asked as CategoryIntent;
    try {
      return await productCategoryAction(args, intent, formData, { fileId, row, back: url.pathname + url.search }, () => client.product(fileId, row));
    } catch (error) {
      const body = { intent, typed: {}, fieldErrors: {}, current: null, gone: false, version: null } satisfies ProductActionData;
      if (gone(error)) return data({ ...body, gone: true }, { status: 404 });
      if (closed(error)) return redirectWithPortalToast(url.pathname + url.search, { type: "error", message: t("catalogueProducts.fix.closed") });
      // Changed meanwhile: the page, read again, shows the product as it is now.
      if (conflict(error)) return redirectWithPortalToast(url.pathname + url.search, { type: "error", message: t("catalogueProducts.fix.conflict") });
      return failedUpstreamAction(args, error, t("catalogueProducts.category.saveFailed"), body);
    }
  }
  const submission = parseWithZod(formData, { schema: ProductForm });
  const typed = Object.fromEntries(
    [...productKeys, "reason"].flatMap((key) => (typeof formData.get(key) === "string" ? [[key, String(formData.get(key))]] : [])),
  );
  const intent = Intent.safeParse(formData.get("intent")).data ?? "correct";
  const posted = Number(formData.get("version"));
  const version = Number.isInteger(posted) ? posted : null;
  const answer = (extra: Partial<ProductActionData>, status: number) =>
    data({ intent, typed, fieldErrors: {}, current: null, gone: false, version, ...extra } satisfies ProductActionData, { status });
  if (submission.status !== "success") {
    const fieldErrors = Object.fromEntries(
      Object.entries(submission.error ?? {}).filter(([key]) => key in typed || key === "reason"),
    ) as ProductActionData["fieldErrors"];
    return answer({ fieldErrors }, 400);
  }
  const form = submission.value;
  if (form.intent === "leaveOut" && form.reason === "") return answer({ fieldErrors: { reason: ["catalogueProducts.fix.reasonRequired"] } }, 400);
  try {
    if (form.intent === "correct") {
      const current = await client.product(fileId, row);
      const changed = productKeys.filter((key) => current.columns[key] !== undefined && form[key] !== current.product.values[key]);
      if (changed.length === 0) return redirectWithPortalToast(url.pathname + url.search, { type: "info", message: t("catalogueProducts.fix.unchanged") });
      const after: ProductValues = { ...current.product.values, ...Object.fromEntries(changed.map((key) => [key, form[key]])) };
      const duplicateEan = changed.includes("ean") && after.ean.trim() !== "" ? await eanElsewhere(args, fileId, row, after.ean.trim()) : false;
      const problems = recheckProduct(current.product.values, after, current.product.problems, current.columns, duplicateEan);
      const fieldErrors: ProductActionData["fieldErrors"] = {};
      for (const problem of problems) {
        const key = fieldOf(problem);
        if (key && changed.includes(key)) (fieldErrors[key] ??= []).push(`catalogueIntelligence.report.problems.${problem.kind}`);
      }
      // A changed value that fails its rule is refused: the typed values stay, nothing is saved.
      if (Object.keys(fieldErrors).length > 0) return answer({ fieldErrors }, 400);
      if (form.version !== current.version) return answer({ current }, 409);
      const saved = await client.changeProduct(fileId, {
        type: "correct",
        row,
        version: form.version,
        values: Object.fromEntries(changed.map((key) => [key, after[key]])),
        problems,
      });
      return savedAnswer(url, saved.product, t);
    }
    const saved = await client.changeProduct(
      fileId,
      form.intent === "leaveOut" ? { type: "leaveOut", row, version: form.version, reason: form.reason } : { type: "putBack", row, version: form.version },
    );
    return savedAnswer(url, saved.product, t);
  } catch (error) {
    if (gone(error)) return answer({ gone: true }, 404);
    // Handed over or sent meanwhile: the page (reloaded) says the file is read-only now; nothing was changed.
    if (closed(error)) return redirectWithPortalToast(url.pathname + url.search, { type: "error", message: t("catalogueProducts.fix.closed") });
    if (conflict(error)) {
      const current = await client.product(fileId, row).catch(() => null);
      if (current) return answer({ current }, 409);
    }
    const body = { intent, typed, fieldErrors: {}, current: null, gone: false, version } satisfies ProductActionData;
    return failedUpstreamAction(args, error, t("catalogueProducts.fix.failed"), body);
  }
}

/** Back to the product with its new status said; the page shows it as saved (with JavaScript, without a reload). */
function savedAnswer(url: URL, product: CatalogueProduct, t: ReturnType<typeof getI18n>["t"]) {
  return redirectWithPortalToast(url.pathname + url.search, {
    type: "success",
    message: t("catalogueProducts.fix.saved", { status: t(`catalogueProducts.status.${product.status}`) }),
  });
}

/** Whether another product of the file has this EAN (the upload's duplicate rule, over the stored products). */
async function eanElsewhere(args: RequestArgs, fileId: string, row: number, ean: string): Promise<boolean> {
  const page = await upstream(args).catalogueUpload.products(fileId, { page: 1, pageSize: 2, q: ean });
  return page.products.some((product) => product.row !== row && product.values.ean.trim() === ean);
}

// ---- a problem kind fixed at once ----

export type KindFixChange = { row: number; before: string; after: string };

/** The products of `kind` the rule fixes, read from the index page by page: at most `maxRuleChanges` of them. */
export async function kindChanges(args: RequestArgs, fileId: string, kind: RowProblemKind, rule: FixRule, field: ProductKey) {
  const client = upstream(args).catalogueUpload;
  const changes: (RuleChange & { before: string })[] = [];
  let columns: ProductCorrections["columns"] | null = null;
  let inKind = 0;
  let more = false;
  for (let page = 1; ; page++) {
    const products = await client.products(fileId, { page, pageSize: maxProductsPageSize, kind, status: "NEEDS_FIX" });
    inKind = products.matching;
    if (products.products.length > 0 && columns === null) columns = (await client.product(fileId, products.products[0]!.row)).columns;
    for (const product of products.products) {
      const after = ruleFix({ rule, field }, kind, product.values, columns!);
      if (after === null) continue;
      if (changes.length === maxRuleChanges) {
        more = true;
        break;
      }
      const values = { ...product.values, [field]: after };
      changes.push({
        row: product.row,
        version: product.version,
        value: after,
        before: product.values[field],
        problems: recheckProduct(product.values, values, product.problems, columns!),
      });
    }
    if (more || page >= products.pages) break;
  }
  return { changes, inKind, more };
}

/** The file, kind, rule and field of a kind fix's address (checked by `validKindFixAddress` before). */
function kindFixAddress(url: URL) {
  const params = url.searchParams;
  return {
    params,
    fileId: params.get("fileId")!,
    kind: params.get("kind") as RowProblemKind,
    rule: params.get("rule") as FixRule,
    field: params.get("field") as ProductKey,
  };
}

/** The review of a kind's fix: how many values change, the first ones before → after. */
export async function kindFixPage(args: RequestArgs, paths: FixPaths) {
  const url = new URL(args.request.url);
  const { params, fileId, kind, rule, field } = kindFixAddress(url);
  const view: ProductsView = { ...productsViewOf(params), fileId, kind, status: null };
  const seller = await orRouteError(upstream(args).onboarding.seller());
  const file = seller.sellerCatalogueFiles.find((candidate) => candidate.id === fileId);
  if (!file) throw await notFound(args);
  const back = productsHref(view, {}, paths.products);
  const shown = { file: { id: file.id, fileName: file.fileName }, kind, rule, field, back, search: url.search };
  if (!(await orRouteError(fileOpenForChanges(args, seller, fileId, paths)))) return { ...shown, review: { kind: "closed" as const } };
  const outcome = await readOutcome(args, file, () => withProductIndex(args, fileId, () => kindChanges(args, fileId, kind, rule, field)));
  const review =
    outcome.kind === "read"
      ? {
          kind: "review" as const,
          count: outcome.value.changes.length,
          more: outcome.value.more,
          inKind: outcome.value.inKind,
          shown: outcome.value.changes.slice(0, 50).map(({ row, before, value }) => ({ row, before, after: value })),
        }
      : outcome;
  return { ...shown, review };
}

/** Applies the reviewed rule: the same products read again, then one write of one rule record. */
export async function kindFixAction(args: RequestArgs, paths: FixPaths) {
  const t = getI18n(args.context).t;
  const url = new URL(args.request.url);
  const { params, fileId, kind, rule, field } = kindFixAddress(url);
  const formData = await args.request.formData();
  if (formData.get("intent") !== "apply") return data({ gone: false }, { status: 400 });
  const client = upstream(args).catalogueUpload;
  try {
    const { changes } = await kindChanges(args, fileId, kind, rule, field);
    const back = productsHref({ ...productsViewOf(params), fileId, kind, status: null }, {}, paths.products);
    if (changes.length === 0) return redirectWithPortalToast(back, { type: "info", message: t("catalogueProducts.fix.kindNothing") });
    // Each change carries the version it was computed from: a product changed by hand since keeps its own value.
    const applied = await client.applyRule(fileId, { rule, field, kind, changes: changes.map(({ before: _before, ...change }) => change) });
    return redirectWithPortalToast(back, { type: "success", message: t("catalogueProducts.fix.kindApplied", { count: applied.changed }) });
  } catch (error) {
    if (gone(error)) return data({ gone: true }, { status: 404 });
    if (closed(error)) return redirectWithPortalToast(url.pathname + url.search, { type: "error", message: t("catalogueProducts.fix.closed") });
    return failedUpstreamAction(args, error, t("catalogueProducts.fix.kindFailed"), { gone: false });
  }
}
