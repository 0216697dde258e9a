/**
 * The category mapping of a catalogue file: each distinct value of the
 * file's category column (from the products index, most products first)
 * with the marketplace category the seller confirmed for it, or the best
 * three suggestions (what enough other sellers confirmed for the same
 * value, then what its words say), and a search of the whole tree for one
 * value at a time. A confirmed mapping is kept upstream by value: it
 * applies to every product of the value, and to the seller's next files.
 */
import { CategoryValue, categoryValueKey, type MappingSource } from "#contract/categories.ts";
import type { MarketplaceCategories } from "#app/lib/catalogue/marketplace-categories.ts";
import type { CatalogueFile } from "#contract/catalogue.ts";
import { data } from "react-router";
import { z } from "zod";
import { MAPPING_PAGE_SIZE, mappingViewOf, type MappingData, type MappingRow } from "#app/lib/catalogue/category-mapping.ts";
import { safeReturnPath } from "#app/lib/safe-path.ts";
import { categoryLanguage, marketplaceCategories } from "#app/services/catalogue/categories.server.ts";
import { readOutcome, withProductIndex } from "#app/services/catalogue/products.server.ts";
import { upstreamFailure } from "#app/services/catalogue/actions.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { redirectWithPortalToast, upstreamErrorToast } from "#app/services/toasts/toast.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { settle, type UpstreamError } from "#app/services/upstream/upstream-error.server.ts";

/** Results of a search for one value. */
const SEARCH_RESULTS = 8;

/** The mapping page of the file the address names (404 when it is not one of `files`), else of the one `fallback` picks. */
export async function categoryMapping(
  args: RequestArgs,
  files: readonly CatalogueFile[],
  fallback: (files: readonly CatalogueFile[]) => CatalogueFile | undefined,
): Promise<MappingData> {
  const view = mappingViewOf(new URL(args.request.url).searchParams);
  const file = view.fileId ? files.find((candidate) => candidate.id === view.fileId) : fallback(files);
  if (view.fileId && !file) throw data({ message: getI18n(args.context).t("catalogueProducts.fileNotFound") }, { status: 404 });
  const empty = { view, values: null, rows: [], confirmedOnPage: 0, agreementMissing: false };
  if (!file) return { ...empty, file: null, problem: null };
  const fileView = { ...view, fileId: file.id };
  const named = { id: file.id, fileName: file.fileName };
  const api = upstream(args);
  const read = await readOutcome(args, file, () =>
    withProductIndex(args, file.id, () => api.catalogueUpload.categoryValues(file.id, view.page, MAPPING_PAGE_SIZE)),
  );
  if (read.kind !== "read") return { ...empty, view: fileView, file: named, problem: read };
  const values = read.value;
  const shown = values.values.map((entry) => entry.value);
  const [categories, mappings, agreement] = await Promise.all([
    settle(marketplaceCategories(args)),
    settle(api.catalogue.mappings()),
    shown.length > 0 ? settle(api.catalogue.agreement(shown)) : Promise.resolve({ ok: true as const, value: { values: [] } }),
  ]);
  const { values: rowsOfPage, ...counts } = values;
  const unavailable = (error: UpstreamError): MappingData => {
    const failure = upstreamFailure(error, getI18n(args.context).t("catalogueCategories.failed"));
    return { ...empty, view: fileView, file: named, values: counts, problem: { kind: "categoriesFailed", failure } };
  };
  if (!categories.ok) return unavailable(categories.error);
  if (!mappings.ok) return unavailable(mappings.error);
  const lang = categoryLanguage(args);
  // A mapping the catalogue team returned counts as no choice: the value is offered afresh, the earlier choice named as returned.
  const confirmedByKey = new Map(
    mappings.value.mappings.filter((mapping) => !mapping.returned).map((mapping) => [categoryValueKey(mapping.value), mapping.categoryId]),
  );
  const returnedByKey = new Map(mappings.value.mappings.flatMap((mapping) => (mapping.returned ? [[categoryValueKey(mapping.value), mapping] as const] : [])));
  // Without what other sellers agree on, the words' suggestions still help: the page says what is missing.
  const agreed = agreement.ok ? agreement.value.values : [];
  const rows = rowsOfPage.map((entry, at): MappingRow => {
    const confirmedId = confirmedByKey.get(categoryValueKey(entry.value));
    const returned = returnedByKey.get(categoryValueKey(entry.value));
    const search = view.search?.row === at && view.search.q !== "" ? view.search.q : null;
    return {
      ...entry,
      confirmed: (confirmedId && categories.value.label(confirmedId, lang)) || null,
      returned: returned?.returned ? { category: categories.value.label(returned.categoryId, lang) ?? null, reason: returned.returned.reason } : null,
      suggestions: categories.value.suggest(entry.value, lang, agreed[at]?.categories),
      found: search === null ? null : categories.value.search(search, lang, SEARCH_RESULTS),
    };
  });
  return {
    view: fileView,
    file: named,
    problem: null,
    values: counts,
    rows,
    confirmedOnPage: rows.filter((row) => row.confirmed).length,
    agreementMissing: !agreement.ok,
  };
}

/** The form: each shown row's value (`value.<n>`) and the category chosen for it (`category.<n>`; empty: decide later). */
const MappingRows = z.array(z.object({ value: CategoryValue, categoryId: z.string().max(12) })).max(MAPPING_PAGE_SIZE);

function rowsOfForm(form: FormData) {
  const rows: unknown[] = [];
  for (let at = 0; at < MAPPING_PAGE_SIZE && form.has(`value.${at}`); at++) {
    rows.push({ value: form.get(`value.${at}`), categoryId: form.get(`category.${at}`) ?? "" });
  }
  return MappingRows.safeParse(rows);
}

/** Saves the categories chosen on a page of the mapping, one upstream write for the page, and returns to it. */
export async function saveCategoryMapping(args: RequestArgs, fallbackPath: string, editable: boolean): Promise<Response> {
  const t = getI18n(args.context).t;
  // Handed over: the catalogue team has the file as it was mapped; the page only reads.
  if (!editable) return redirectWithPortalToast(fallbackPath, { type: "error", message: t("catalogueCategories.closed") });
  const form = await args.request.formData();
  // Back to the page of the mapping the form was on (its file and page), never elsewhere.
  const asked = safeReturnPath(form.get("returnTo"));
  const back = asked && new URL(asked, "http://portal.invalid").pathname === fallbackPath ? asked : fallbackPath;
  const parsed = rowsOfForm(form);
  if (!parsed.success) return redirectWithPortalToast(back, { type: "error", message: t("catalogueCategories.saveMalformed") });
  const categories = await settle(marketplaceCategories(args));
  if (!categories.ok) return redirectWithPortalToast(back, upstreamErrorToast(categories.error, t("catalogueCategories.saveFailed")));
  const chosen = parsed.data.filter((row) => row.categoryId !== "");
  const unknown = chosen.find((entry) => !categories.value.has(entry.categoryId));
  if (unknown) return redirectWithPortalToast(back, { type: "error", message: t("catalogueCategories.unknownCategory", { value: unknown.value }) });
  if (chosen.length === 0) return redirectWithPortalToast(back, { type: "info", message: t("catalogueCategories.nothingChosen") });
  const sources = await mappingSources(args, chosen, categories.value);
  const saved = await settle(upstream(args).catalogue.saveMappings({ mappings: chosen.map((row, at) => ({ ...row, source: sources[at] })) }));
  if (!saved.ok) return redirectWithPortalToast(back, upstreamErrorToast(saved.error, t("catalogueCategories.saveFailed")));
  return redirectWithPortalToast(back, { type: "success", message: t("catalogueCategories.saved", { count: chosen.length }) });
}

/**
 * How each chosen category came about, kept with the mapping for the catalogue team: what enough other sellers agree
 * on, one of the words' suggestions, or else the seller's own choice (a search). Unsaid when the agreement cannot be asked.
 */
async function mappingSources(
  args: RequestArgs,
  chosen: readonly { value: string; categoryId: string }[],
  categories: MarketplaceCategories,
): Promise<(MappingSource | undefined)[]> {
  const agreement = await settle(upstream(args).catalogue.agreement(chosen.map((row) => row.value)));
  if (!agreement.ok) return chosen.map(() => undefined);
  const lang = categoryLanguage(args);
  return chosen.map(({ value, categoryId }, at) => {
    const offered = categories.suggest(value, lang, agreement.value.values[at]?.categories).find((suggestion) => suggestion.id === categoryId);
    if (!offered) return "SELLER";
    return offered.source === "sellers" ? "AGREEMENT" : "SUGGESTION";
  });
}
