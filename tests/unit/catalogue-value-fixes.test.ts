/** The rules that fix a problem kind at once, and a corrected product checked again by the upload's row rules. */
import { describe, expect, it } from "vitest";
import type { ProductValues } from "#contract/catalogue-products.ts";
import { recheckProduct, valueProblems } from "#app/services/catalogue/reading/product-check.ts";
import { ruleFix, ruleResult, rulesForKind } from "#app/services/catalogue/reading/value-fixes.ts";

const columns = { sku: "Artikelnummer", ean: "EAN", title: "Name", price: "Preis", category: "Kategorie" };
const product = (values: Partial<ProductValues> = {}): ProductValues => ({
  sku: "A-1",
  ean: "4006381333931",
  title: "Brett",
  price: "12,50",
  brand: "",
  category: "Küche",
  contentQuantity: "",
  contentUnit: "",
  responsiblePerson: "",
  responsiblePersonAddress: "",
  ...values,
});

describe("the fix rules: before → after, the file's notation kept", () => {
  it.each([
    ["GTIN_LEADING_ZERO", "12345670", "12345670"],
    ["GTIN_LEADING_ZERO", "1234565", "01234565"],
    ["GTIN_LEADING_ZERO", "36000291452", "0036000291452"],
    ["GTIN_LEADING_ZERO", "36000291453", "36000291453"],
    ["GTIN_LEADING_ZERO", "4E+12", "4E+12"],
    ["SURROUNDING_SPACES", "\u200b4006381333931 ", "4006381333931"],
    ["SURROUNDING_SPACES", "\u00a012,50\ufeff", "12,50"],
    ["PRICE_CURRENCY_SIGN", "12,50 CHF", "12,50"],
    ["PRICE_CURRENCY_SIGN", "$1,234.50", "1,234.50"],
    ["PRICE_CURRENCY_SIGN", "£ 3.20", "3.20"],
    ["PRICE_CURRENCY_SIGN", "1.234,50 USD", "1.234,50"],
    ["PRICE_CURRENCY_SIGN", "12,50 Stück", "12,50 Stück"],
    ["PRICE_CURRENCY_SIGN", "ABC", "ABC"],
  ] as const)("%s: %j → %j", (rule, before, after) => {
    expect(ruleResult(rule, before)).toBe(after);
  });

  it("changes a value only where the row rules then find its problem gone", () => {
    const [leadingZero] = rulesForKind("EAN_FORMAT");
    expect(ruleFix(leadingZero!, "EAN_FORMAT", product({ ean: "36000291452" }), columns)).toBe("0036000291452");
    // A check digit that is wrong stays wrong with any number of zeros: no fix.
    expect(ruleFix(leadingZero!, "EAN_FORMAT", product({ ean: "36000291453" }), columns)).toBeNull();
    const currency = rulesForKind("PRICE_FORMAT")[0]!;
    expect(ruleFix(currency, "PRICE_FORMAT", product({ price: "12,50 CHF" }), columns)).toBe("12,50");
    expect(ruleFix(currency, "PRICE_FORMAT", product({ price: "zwölf CHF" }), columns)).toBeNull();
    expect(rulesForKind("EAN_SCIENTIFIC")).toEqual([]);
  });
});

describe("a corrected product, checked by the upload's row rules", () => {
  it("finds what the upload finds in the key values, by kind and field", () => {
    expect(valueProblems(product(), columns)).toEqual([]);
    expect(valueProblems(product({ ean: "4006381333932", price: "zwölf", category: " " }), columns)).toEqual([
      { kind: "REQUIRED_EMPTY", field: "PRODUCT_CATEGORY" },
      { kind: "EAN_CHECK_DIGIT", field: "EAN" },
      { kind: "PRICE_FORMAT", field: "PRICE" },
    ]);
    expect(valueProblems(product({ ean: "4,00638E+12" }), columns)).toEqual([{ kind: "EAN_SCIENTIFIC", field: "EAN" }]);
    // An almost empty product is still a product, never a footer.
    expect(valueProblems(product({ sku: "Summe", ean: "", title: "", price: "", category: "" }), columns)).toEqual([
      { kind: "REQUIRED_EMPTY", field: "EAN" },
      { kind: "REQUIRED_EMPTY", field: "PRODUCT_CATEGORY" },
    ]);
  });

  it("keeps what the values cannot change: a wrong field count, a duplicate while the EAN stays", () => {
    const previous = [
      { kind: "FIELD_COUNT", field: null },
      { kind: "EAN_DUPLICATE", field: "EAN" },
      { kind: "PRICE_FORMAT", field: "PRICE" },
    ] as const;
    const before = product({ price: "x" });
    expect(recheckProduct(before, product(), [...previous], columns)).toEqual([previous[0], previous[1]]);
    expect(recheckProduct(before, product({ ean: "4006381333948" }), [...previous], columns)).toEqual([previous[0]]);
    expect(recheckProduct(before, product({ ean: "4006381333948" }), [...previous], columns, true)).toEqual([previous[0], previous[1]]);
  });
});
