/**
 * A product's marketplace category on its page: the category it is in (its
 * own, else its value's mapping), what that category requires and
 * recommends, its quality checklist, and a search of the tree to move it
 * on its own (a GET form: works without JavaScript). The two changes, a
 * move and values for required fields, are one upstream write each; the
 * catalogue service works out the product's requirement problems again.
 */
import { data } from "react-router";
import { z } from "zod";
import { CategoryId, missingRequired, presentRecommended } from "#contract/categories.ts";
import { MarketplaceField } from "#contract/catalogue.ts";
import { productValueChars, type CatalogueProduct } from "#contract/catalogue-products.ts";
import type { ProductCorrections } from "#contract/catalogue-corrections.ts";
import { CATEGORY_SEARCH_PARAM, type ProductCategoryInfo } from "#app/lib/catalogue/product-category.ts";
import { productQuality } from "#app/lib/catalogue/quality-score.ts";
import type { ProductFixAnswer } from "#app/lib/catalogue/product-fix-answer.ts";
import { categoryLanguage, marketplaceCategories } from "#app/services/catalogue/categories.server.ts";
import { upstreamFailure } from "#app/services/catalogue/actions.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { redirectWithPortalToast } from "#app/services/toasts/toast.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { settle } from "#app/services/upstream/upstream-error.server.ts";

const SEARCH_RESULTS = 8;
const MAX_SEARCH_CHARS = 100;

/** The product's category, requirements and score, for its page; the tree unavailable is said, not a failed page. */
export async function productCategoryInfo(args: RequestArgs, product: CatalogueProduct): Promise<ProductCategoryInfo> {
  const tree = await settle(marketplaceCategories(args));
  if (!tree.ok) return { kind: "failed", failure: upstreamFailure(tree.error, getI18n(args.context).t("catalogueProducts.category.failed")) };
  const categories = tree.value;
  const lang = categoryLanguage(args);
  const categoryId = product.categoryId && categories.has(product.categoryId) ? product.categoryId : null;
  const requirements = categories.requirements(categoryId ?? "");
  const q = (new URL(args.request.url).searchParams.get(CATEGORY_SEARCH_PARAM) ?? "").trim().slice(0, MAX_SEARCH_CHARS);
  const problemKinds = product.problems.map((problem) => problem.kind);
  return {
    kind: "known",
    category: categoryId ? (categories.label(categoryId, lang) ?? null) : null,
    own: product.ownCategoryId !== null,
    required: requirements.required,
    missing: categoryId ? missingRequired(requirements, product.filled) : [],
    recommended: requirements.recommended,
    added: product.addedValues,
    search: q === "" ? null : { q, found: categories.search(q, lang, SEARCH_RESULTS) },
    quality: productQuality({
      problemKinds,
      categoryId,
      recommended: requirements.recommended,
      recommendedPresent: presentRecommended(requirements, product.filled),
      descriptionChars: product.descriptionChars,
      image: product.image,
    }),
  };
}

const MoveForm = z.object({ version: z.coerce.number().int().nonnegative(), categoryId: z.union([z.literal(""), CategoryId]) });

export const categoryIntents = ["moveCategory", "addValues"] as const;
export type CategoryIntent = (typeof categoryIntents)[number];

/** A move or added values, posted from the product's page; `back`: the page again. */
export async function productCategoryAction(
  args: RequestArgs,
  intent: CategoryIntent,
  formData: FormData,
  at: { fileId: string; row: number; back: string },
  current: () => Promise<ProductCorrections>,
) {
  const t = getI18n(args.context).t;
  const posted = Number(formData.get("version"));
  const version = Number.isInteger(posted) && posted >= 0 ? posted : null;
  const typed: Record<string, string> = {};
  for (const [name, value] of formData) if (name.startsWith("added.") && typeof value === "string") typed[name] = value.slice(0, productValueChars + 1);
  const answer = (extra: Partial<ProductFixAnswer>, status: number) =>
    data({ intent, typed, fieldErrors: {}, current: null, gone: false, version, ...extra } satisfies ProductFixAnswer, { status });
  const client = upstream(args).catalogueUpload;
  if (intent === "moveCategory") {
    const move = MoveForm.safeParse({ version: formData.get("version"), categoryId: formData.get("categoryId") ?? "" });
    if (!move.success) return answer({ fieldErrors: { categoryId: ["catalogueProducts.category.chooseOne"] } }, 400);
    const tree = await settle(marketplaceCategories(args));
    if (tree.ok && move.data.categoryId !== "" && !tree.value.has(move.data.categoryId))
      return answer({ fieldErrors: { categoryId: ["catalogueProducts.category.unknown"] } }, 400);
    await client.moveProduct(at.fileId, { row: at.row, version: move.data.version, categoryId: move.data.categoryId || null });
    return redirectWithPortalToast(at.back, {
      type: "success",
      message: t(move.data.categoryId ? "catalogueProducts.category.moved" : "catalogueProducts.category.movedBack"),
    });
  }
  // Values for required fields: each a field of the marketplace, cut to what the index keeps.
  const values: Partial<Record<MarketplaceField, string>> = {};
  const fieldErrors: ProductFixAnswer["fieldErrors"] = {};
  for (const [name, value] of Object.entries(typed)) {
    const field = MarketplaceField.safeParse(name.slice("added.".length));
    if (!field.success) continue;
    if (value.length > productValueChars) fieldErrors[`added.${field.data}`] = ["catalogueProducts.fix.tooLong"];
    values[field.data] = value.trim();
  }
  if (version === null || Object.keys(values).length === 0) return answer({ fieldErrors: { categoryId: ["catalogueProducts.category.nothingAdded"] } }, 400);
  const now = await current();
  // An empty value takes an added one back; for a field without one it is a value still missing, said next to it.
  for (const [field, value] of Object.entries(values))
    if (value === "" && !(field in now.product.addedValues)) fieldErrors[`added.${field as MarketplaceField}`] = ["catalogueProducts.category.valueRequired"];
  if (Object.keys(fieldErrors).length > 0) return answer({ fieldErrors }, 400);
  await client.addProductValues(at.fileId, { row: at.row, version, values });
  return redirectWithPortalToast(at.back, { type: "success", message: t("catalogueProducts.category.valuesAdded") });
}
