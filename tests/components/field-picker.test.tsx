// @vitest-environment jsdom
/**
 * The mapping form's field picker with JavaScript (a Headless UI combobox):
 * the usual select keyboard behaviour and messages, and the form field it posts.
 */
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { i18n } from "i18next";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { FieldPicker, type FieldOption } from "#app/components/catalogue/field-picker.tsx";
import catalogue from "#app/locales/en/catalogue.json";
import { createTestI18n } from "./i18n-test-setup";

// jsdom has no layout and so no ResizeObserver; Headless UI observes the list's size to place it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n({ catalogue });
});
afterEach(cleanup);

const options: FieldOption[] = [
  { value: "EAN", label: "EAN / GTIN" },
  { value: "PRODUCT_CATEGORY", label: "Product category" },
  { value: "PRICE", label: "Price" },
];

function renderPicker(props: { loading?: boolean; defaultValue?: string } = {}) {
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <form>
        <FieldPicker
          id="column-0"
          name="mapping.0"
          label="Field for EAN-Code"
          options={options}
          defaultValue={props.defaultValue ?? ""}
          emptyLabel="Not assigned"
          loading={props.loading}
        />
      </form>
    </I18nextProvider>,
  );
  const posted = () => (container.querySelector('input[type="hidden"][name="mapping.0"]') as HTMLInputElement).value;
  return { input: screen.getByRole("combobox", { name: "Field for EAN-Code" }), posted };
}

describe("FieldPicker with JavaScript", () => {
  it("opens on space when nothing is typed and on the down arrow, and posts the field chosen by keyboard", async () => {
    const { input, posted } = renderPicker({ defaultValue: "PRICE" });
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
    const { input } = renderPicker();
    fireEvent.change(input, { target: { value: "categ" } });
    await act(async () => {});
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Product category"]);
    fireEvent.change(input, { target: { value: "colour of the moon" } });
    await act(async () => {});
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Sorry, no matching options."]);
  });

  it("says it is loading while the page reloads its data", async () => {
    const { input } = renderPicker({ loading: true });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    await act(async () => {});
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Loading..."]);
  });
});
