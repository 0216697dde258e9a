// @vitest-environment jsdom
/**
 * The category picker with JavaScript (a Headless UI combobox): it searches as
 * the seller types, once a pause in typing, lists the results with English-only
 * names marked, says when nothing matches and when the search fails, and on the
 * mapping page the category chosen by the arrow keys joins the value's choices,
 * chosen, in the form field the page posts.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryRouter, RouterProvider } from "react-router";
import { CategoryCombobox, CATEGORY_SEARCH_DEBOUNCE_MS, type CategorySearch } from "#app/components/catalogue/category-combobox.tsx";
import { CategoryMapping } from "#app/components/catalogue/category-mapping.tsx";
import { ProductCategory } from "#app/components/catalogue/product-category.tsx";
import { productQuality } from "#app/lib/catalogue/quality-score.ts";
import type { CategoryLabel } from "#app/lib/catalogue/marketplace-categories.ts";
import type { MappingData } from "#app/lib/catalogue/category-mapping.ts";
import catalogueCategories from "#app/locales/en/catalogueCategories.json";
import catalogueProducts from "#app/locales/en/catalogueProducts.json";
import catalogue from "#app/locales/en/catalogue.json";
import form from "#app/locales/en/form.json";
import { TranslationContext } from "#app/lib/i18n/use-translation.ts";
import { createTestTexts } from "./i18n-test-setup";

// jsdom has no layout and so no ResizeObserver; Headless UI observes the list's size to place it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const texts = createTestTexts({ catalogueCategories, catalogueProducts, catalogue, form });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const COOKWARE: CategoryLabel = { id: "654", name: "Cookware", path: ["Home & Garden", "Kitchen & Dining", "Cookware"], untranslated: false };
const POTS: CategoryLabel = { id: "4721", name: "Stock Pots", path: ["Home & Garden", "Kitchen & Dining", "Cookware", "Stock Pots"], untranslated: true };

const typeInto = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const press = async (input: HTMLElement, key: string) => {
  fireEvent.keyDown(input, { key });
  await act(async () => {});
};

describe("CategoryCombobox", () => {
  it("searches once the seller pauses, not once a letter, and lists the results with English-only names marked", async () => {
    const search = vi.fn<CategorySearch>(async () => [COOKWARE, POTS]);
    render(
      <TranslationContext value={texts}>
        <CategoryCombobox id="q" label="Search all categories" onPick={() => {}} search={search} />
      </TranslationContext>,
    );
    const input = screen.getByRole("combobox", { name: "Search all categories" });
    for (const typed of ["K", "Ko", "Koc", "Koch"]) typeInto(input, typed);
    expect(search).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(2), { timeout: CATEGORY_SEARCH_DEBOUNCE_MS * 8 });
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]![0]).toBe("Koch");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Home & Garden › Kitchen & Dining › Cookware",
      "Home & Garden › Kitchen & Dining › Cookware › Stock Pots (English name: there is no German one yet)",
    ]);
    expect(screen.getByRole("status").textContent).toBe("2 categories found: choose one with the arrow keys and Enter.");
  });

  it("says when nothing matches, and when the search cannot be done now", async () => {
    const search = vi.fn<CategorySearch>(async (q) => {
      if (q === "zzz") return [];
      throw new Error("503");
    });
    render(
      <TranslationContext value={texts}>
        <CategoryCombobox id="q" label="Search all categories" onPick={() => {}} search={search} />
      </TranslationContext>,
    );
    const input = screen.getByRole("combobox", { name: "Search all categories" });
    typeInto(input, "zzz");
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("No category matches “zzz”."));
    typeInto(input, "Topf");
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("The categories could not be searched just now. Try again in a moment."));
    expect(screen.queryAllByRole("option")).toEqual([]);
  });
});

describe("the mapping page's picker with JavaScript", () => {
  const data: MappingData = {
    view: { fileId: "file-1", page: 1, search: null },
    file: { id: "file-1", fileName: "sortiment.csv" },
    problem: null,
    values: { fileId: "file-1", total: 1, withoutValue: 0, page: 1, pageSize: 20 },
    rows: [
      {
        value: "Küche > Töpfe",
        products: 3,
        confirmed: null,
        suggestions: [{ ...COOKWARE, source: "words" }],
        found: null,
        returned: null,
      },
    ],
    confirmedOnPage: 0,
    agreementMissing: false,
  };

  it("asks the portal's search in the page's words and checks the category chosen by the arrow keys in the value's choices", async () => {
    // The portal's resource route is not there in jsdom: its answer is stubbed, the address asked is checked.
    const fetched: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        fetched.push(url);
        return new Response(JSON.stringify({ q: "Stock", results: [COOKWARE, POTS] }), { headers: { "Content-Type": "application/json" } });
      }),
    );
    const router = createMemoryRouter([{ path: "/", element: <CategoryMapping data={data} path="/upload/catalog/categories" canChange /> }], {
      initialEntries: ["/"],
    });
    const { container } = render(
      <TranslationContext value={texts}>
        <RouterProvider router={router} />
      </TranslationContext>,
    );
    const checked = () => (container.querySelector('input[name="category.0"]:checked') as HTMLInputElement | null)?.value;
    expect(checked()).toBe("");
    // Once its code is in (fetched after hydration), the combobox stands where the search form field stood.
    const input = await screen.findByRole("combobox", { name: "Search all categories" });
    expect(container.querySelector('input[name="q.0"]')).toBeNull();

    typeInto(input, "Stock");
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(2));
    expect(fetched).toEqual(["/catalogue/categories/search?q=Stock"]);
    // The first result is highlighted as the seller types; one down is the second.
    await press(input, "ArrowDown");
    await press(input, "Enter");

    expect(checked()).toBe("4721");
    expect(screen.getByRole("radio", { name: /Stock Pots/ })).toBeTruthy();
    expect(screen.getByText("Chosen: Home & Garden › Kitchen & Dining › Cookware › Stock Pots.")).toBeTruthy();

    // A suggestion already listed is checked where it stands, not listed twice.
    typeInto(input, "Cook");
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(2));
    await press(input, "Enter");
    expect(checked()).toBe("654");
    expect(container.querySelectorAll('input[name="category.0"][value="654"]')).toHaveLength(1);
  });
});

describe("the product move's picker with JavaScript", () => {
  it("puts the category chosen by the keyboard into the move's choices, chosen, where the search form stood", async () => {
    // The portal's resource route is not there in jsdom: its answer is stubbed.
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ q: "pots", results: [COOKWARE, POTS] }), { headers: { "Content-Type": "application/json" } })),
    );
    const info = {
      kind: "known" as const,
      category: null,
      own: false,
      required: [],
      missing: [],
      recommended: [],
      added: {},
      search: null,
      quality: productQuality({ problemKinds: [], categoryId: null, recommended: [], recommendedPresent: [], descriptionChars: 0 }),
    };
    const router = createMemoryRouter(
      [{ path: "/p", element: <ProductCategory info={info} version={3} action="/upload/catalog/products/product?fileId=f&row=2" posted={null} canChange /> }],
      { initialEntries: ["/p"] },
    );
    const { container } = render(
      <TranslationContext value={texts}>
        <RouterProvider router={router} />
      </TranslationContext>,
    );
    // No move form before a category is found, and, once the combobox's code is in, no search form field.
    const input = await screen.findByRole("combobox", { name: "Search the marketplace's categories" });
    expect(container.querySelector('input[name="categoryId"]')).toBeNull();
    expect(container.querySelector('input[name="categoryQ"]')).toBeNull();
    typeInto(input, "pots");
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(2));
    await press(input, "ArrowDown");
    await press(input, "Enter");
    const checked = container.querySelector('input[name="categoryId"]:checked') as HTMLInputElement | null;
    expect(checked?.value).toBe("4721");
    expect(checked?.closest("form")?.querySelector('button[name="intent"][value="moveCategory"]')).toBeTruthy();
  });
});
