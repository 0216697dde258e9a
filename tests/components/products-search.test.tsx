// @vitest-environment jsdom
/** The products view's answer to a search by words of the title: too short, and more matches than it pages. */
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { maxTitleMatches, ProductsPage } from "#contract/catalogue-products.ts";
import { ProductsView } from "#app/components/catalogue/products-view.tsx";
import catalogue from "#app/locales/en/catalogue.json";
import catalogueCategories from "#app/locales/en/catalogueCategories.json";
import catalogueImages from "#app/locales/en/catalogueImages.json";
import catalogueIntelligence from "#app/locales/en/catalogueIntelligence.json";
import catalogueProducts from "#app/locales/en/catalogueProducts.json";
import { TranslationContext } from "#app/lib/i18n/use-translation.ts";
import { createTestTexts } from "./i18n-test-setup";

const texts = createTestTexts({ catalogue, catalogueCategories, catalogueImages, catalogueIntelligence, catalogueProducts });

afterEach(cleanup);

const PATH = "/upload/catalog/products";

const product = (row: number) => ({
  row,
  values: { sku: "", ean: "", title: `Artikel ${row}`, price: "1,00", brand: "", category: "Küche" },
  status: "READY",
  problems: [],
});

function shown(q: string, search: ProductsPage["search"], rows: number[]) {
  const page = ProductsPage.parse({
    fileId: "file-1",
    page: 1,
    pageSize: 50,
    matching: search?.capped ? maxTitleMatches : rows.length,
    pages: search?.capped ? maxTitleMatches / 50 : 1,
    products: rows.map(product),
    counts: { products: 20_000, ready: 20_000, needsFix: 0, kinds: {} },
    indexedAt: "2026-11-29T10:00:00.000Z",
    search,
  });
  const view = { fileId: "file-1", page: 1, status: null, kind: null, q };
  const Stub = createRoutesStub([{ path: PATH, Component: () => <ProductsView view={view} outcome={{ kind: "page", page }} path={PATH} /> }]);
  return render(
    <TranslationContext value={texts}>
      <Stub initialEntries={[`${PATH}?fileId=file-1&q=${encodeURIComponent(q)}`]} />
    </TranslationContext>,
  );
}

describe("a search by words of the title", () => {
  it("says a search too short for the title is too short, and keeps it in its field", async () => {
    shown("a", { by: "tooShort", capped: false }, []);
    expect(await screen.findByText("The search is too short: enter at least 2 letters or digits of the product name, or an exact SKU or EAN.")).toBeTruthy();
    expect((screen.getByLabelText("Search") as HTMLInputElement).value).toBe("a");
    expect(screen.queryByText("No product matches this filter or search.")).toBeNull();
  });

  it("says when more products match than it pages, in words", async () => {
    shown(
      "artikel",
      { by: "title", capped: true },
      Array.from({ length: 50 }, (_, at) => at + 2),
    );
    expect(await screen.findByText("More than 10,000 products match this search; the first 10,000 are shown. Add a word to narrow it down.")).toBeTruthy();
    expect(screen.getByText("Products 1 to 50 of the first 10,000")).toBeTruthy();
  });

  it("counts plainly when every match is paged", async () => {
    shown("artikel 2", { by: "title", capped: false }, [2]);
    expect(await screen.findByText("Products 1 to 1 of 1")).toBeTruthy();
    expect(screen.queryByText(/More than/)).toBeNull();
  });
});
