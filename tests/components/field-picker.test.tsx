// @vitest-environment jsdom
/**
 * The mapping form's field picker with JavaScript (a Headless UI combobox):
 * the usual select keyboard behaviour and messages, and the form field it posts.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryRouter, RouterProvider } from "react-router";
import { FieldPicker, type FieldOption } from "#app/components/catalogue/field-picker.tsx";
import { MappingSection, type MappingView } from "#app/components/catalogue/mapping-section.tsx";
import catalogue from "#app/locales/en/catalogue.json";
import { TranslationContext } from "#app/lib/i18n/use-translation.ts";
import { createTestTexts } from "./i18n-test-setup";

// jsdom has no layout and so no ResizeObserver; Headless UI observes the list's size to place it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const texts = createTestTexts({ catalogue });
afterEach(cleanup);

const options: FieldOption[] = [
  { value: "EAN", label: "EAN / GTIN" },
  { value: "PRODUCT_CATEGORY", label: "Product category" },
  { value: "PRICE", label: "Price" },
];

/** The combobox once its code is in (it is fetched after hydration; the native select stands until then). */
async function combobox(name: string) {
  await waitFor(() => expect(screen.getByRole("combobox", { name }).tagName).toBe("INPUT"));
  return screen.getByRole("combobox", { name });
}

async function renderPicker(props: { loading?: boolean; defaultValue?: string; options?: FieldOption[] } = {}) {
  const { container } = render(
    <TranslationContext value={texts}>
      <form>
        <FieldPicker
          id="column-0"
          name="mapping.0"
          label="Field for EAN-Code"
          options={props.options ?? options}
          defaultValue={props.defaultValue ?? ""}
          emptyLabel="Not assigned"
          loading={props.loading}
        />
      </form>
    </TranslationContext>,
  );
  const posted = () => (container.querySelector('input[type="hidden"][name="mapping.0"]') as HTMLInputElement).value;
  return { input: await combobox("Field for EAN-Code"), posted };
}

describe("FieldPicker with JavaScript", () => {
  it("opens on space when nothing is typed and on the down arrow, and posts the field chosen by keyboard", async () => {
    const { input, posted } = await renderPicker({ defaultValue: "PRICE" });
    expect(posted()).toBe("PRICE");
    expect(input.getAttribute("aria-expanded")).not.toBe("true");

    fireEvent.keyDown(input, { key: " " });
    await act(async () => {});
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Not assigned", "EAN / GTIN", "Product category", "Price"]);
    // The highlight starts on the chosen field; two up is "EAN / GTIN".
    for (const key of ["ArrowUp", "ArrowUp", "Enter"]) {
      fireEvent.keyDown(input, { key });
      await act(async () => {});
    }
    expect(posted()).toBe("EAN");
    expect(input.getAttribute("aria-expanded")).not.toBe("true");

    fireEvent.keyDown(input, { key: "ArrowDown" });
    await act(async () => {});
    expect(input.getAttribute("aria-expanded")).toBe("true");
  });

  it("filters as the seller types and says when nothing matches", async () => {
    const { input } = await renderPicker();
    fireEvent.change(input, { target: { value: "categ" } });
    await act(async () => {});
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Product category"]);
    fireEvent.change(input, { target: { value: "colour of the moon" } });
    await act(async () => {});
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Sorry, no matching options."]);
  });

  it("says it is loading while the page reloads its data", async () => {
    const { input } = await renderPicker({ loading: true });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    await act(async () => {});
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Loading..."]);
  });

  it('opens on a click, as a select does, and finds "Not assigned" by typing', async () => {
    const { input, posted } = await renderPicker({ defaultValue: "PRICE" });
    fireEvent.click(input);
    await act(async () => {});
    expect(input.getAttribute("aria-expanded")).toBe("true");
    fireEvent.change(input, { target: { value: "not" } });
    await act(async () => {});
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Not assigned"]);
    fireEvent.keyDown(input, { key: "Enter" });
    await act(async () => {});
    expect(posted()).toBe("");
  });

  it("says which other column a field is assigned to already", async () => {
    const { input } = await renderPicker({ options: [{ ...options[0]!, assignedTo: ["Code"] }, options[1]!, { ...options[2]!, assignedTo: ["VK", "Preis"] }] });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    await act(async () => {});
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Not assigned",
      "EAN / GTIN – assigned to column Code",
      "Product category",
      "Price – assigned to columns VK, Preis",
    ]);
  });
});

describe("the mapping grid with JavaScript", () => {
  const mapping: MappingView = {
    fileId: "file-1",
    fileName: "sortiment.csv",
    prefill: "saved",
    columns: [
      { header: "Code", samples: ["4006381333931"], field: "EAN", suggestion: null },
      { header: "GTIN", samples: ["4006381333931"], field: null, suggestion: null },
    ],
  };

  it("marks a field taken by another column in every picker, and says so beside both columns before the form is sent", async () => {
    const router = createMemoryRouter(
      [{ path: "/", element: <MappingSection mapping={mapping} readOnly={false} lastResult={undefined} failure={null} saving={false} loading={false} /> }],
      { initialEntries: ["/"] },
    );
    render(
      <TranslationContext value={texts}>
        <RouterProvider router={router} />
      </TranslationContext>,
    );
    const gtin = await combobox("Marketplace field for column GTIN");
    fireEvent.keyDown(gtin, { key: "ArrowDown" });
    await act(async () => {});
    expect(screen.getAllByRole("option")[1]!.textContent).toBe("EAN (required) – assigned to column Code");
    // The highlight starts on "Not assigned"; one down is EAN.
    for (const key of ["ArrowDown", "Enter"]) {
      fireEvent.keyDown(gtin, { key });
      await act(async () => {});
    }
    const clashes = [...document.querySelectorAll(".mapping__clash")].map((note) => note.textContent);
    expect(clashes).toEqual([
      "EAN (required) is also assigned to column GTIN. Each field fits one column: choose another field for one of them, or “Not assigned”.",
      "EAN (required) is also assigned to column Code. Each field fits one column: choose another field for one of them, or “Not assigned”.",
    ]);
    expect(gtin.getAttribute("aria-describedby")).toContain(document.querySelectorAll(".mapping__clash")[1]!.id);
  });

  it("shows a read-only mapping as text, without a control", () => {
    const router = createMemoryRouter(
      [{ path: "/", element: <MappingSection mapping={mapping} readOnly lastResult={undefined} failure={null} saving={false} loading={false} /> }],
      { initialEntries: ["/"] },
    );
    render(
      <TranslationContext value={texts}>
        <RouterProvider router={router} />
      </TranslationContext>,
    );
    expect(document.querySelectorAll("input, select, button")).toHaveLength(0);
    expect([...document.querySelectorAll(".mapping__table tbody tr")].map((row) => [...row.children].slice(0, 2).map((cell) => cell.textContent))).toEqual([
      ["Code", "EAN (required)"],
      ["GTIN", "Not assigned"],
    ]);
  });
});
