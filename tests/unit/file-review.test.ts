/** The catalogue step's words for a file's format, the override form's rules, and when a saved mapping needs a fresh check. */
import { parseWithZod } from "@conform-to/zod/v4";
import type { RowProblem } from "#contract/catalogue-analysis.ts";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { checkedColumnsChanged, confidencePercent, examplesByKind, formatInWords } from "#app/lib/catalogue/file-review.ts";
import { FormatOverrideSchema, toFormatOverride } from "#app/lib/catalogue/format-override.ts";
import { messages } from "#app/locales/resources.ts";

const instance = i18next.createInstance();
beforeAll(async () => {
  await instance.init({ lng: "en", resources: { en: { translation: messages.en }, de: { translation: messages.de } }, interpolation: { escapeValue: false } });
});

describe("formatInWords", () => {
  const cases = [
    {
      language: "en",
      format: { encoding: "windows-1252", delimiter: ";", headerRow: 1, sheet: null },
      words: "Windows-1252 (Western European), semicolon, header in row 1",
    },
    {
      language: "de",
      format: { encoding: "windows-1252", delimiter: ";", headerRow: 1, sheet: null },
      words: "Windows-1252 (westeuropäisch), Semikolon, Kopfzeile in Zeile 1",
    },
    {
      language: "en",
      format: { encoding: "utf-8-bom", delimiter: ",", headerRow: 3, sheet: null },
      words: "UTF-8 with byte order mark, comma, header in row 3",
    },
    {
      language: "en",
      format: { encoding: "utf-16le", delimiter: "\t", headerRow: 1, sheet: null },
      words: "UTF-16 little-endian (Excel’s “Unicode text”), tab, header in row 1",
    },
    { language: "de", format: { encoding: "utf-8", delimiter: "|", headerRow: 2, sheet: null }, words: "UTF-8, senkrechter Strich (|), Kopfzeile in Zeile 2" },
    { language: "en", format: { encoding: null, delimiter: null, headerRow: 2, sheet: "Artikel" }, words: "Excel workbook, sheet “Artikel”, header in row 2" },
    {
      language: "de",
      format: { encoding: null, delimiter: null, headerRow: 1, sheet: "Artikel" },
      words: "Excel-Arbeitsmappe, Tabellenblatt „Artikel“, Kopfzeile in Zeile 1",
    },
  ] as const;
  for (const { language, format, words } of cases) {
    it(`${language}: ${words}`, () => {
      expect(formatInWords(instance.getFixedT(language), format)).toBe(words);
    });
  }
});

describe("the override form", () => {
  const parse = (fields: Record<string, string>) => parseWithZod(new URLSearchParams({ fileId: "file-1", ...fields }), { schema: FormatOverrideSchema });

  it("turns the posted names into an override; what is left empty stays as detected", () => {
    const submission = parse({ encoding: "windows-1252", delimiter: "tab", headerRow: "2", sheet: "" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(toFormatOverride(submission.value)).toEqual({ encoding: "windows-1252", delimiter: "\t", headerRow: 2 });
    const empty = parse({ encoding: "", delimiter: "", headerRow: "" });
    expect(empty.status === "success" && toFormatOverride(empty.value)).toEqual({});
  });

  it("names each field that makes no sense", () => {
    for (const [fields, field] of [
      [{ headerRow: "0" }, "headerRow"],
      [{ headerRow: "21" }, "headerRow"],
      [{ headerRow: "zwei" }, "headerRow"],
      [{ headerRow: "1.5" }, "headerRow"],
      [{ delimiter: "colon" }, "delimiter"],
      [{ encoding: "latin-9" }, "encoding"],
    ] as const) {
      const submission = parse(fields);
      expect(submission.status, JSON.stringify(fields)).toBe("error");
      if (submission.status === "error") expect(submission.error?.[field], JSON.stringify(fields)).toEqual([field]);
    }
  });
});

describe("checkedColumnsChanged", () => {
  const checked = { EAN: "EAN", Kategorie: "PRODUCT_CATEGORY", Preis: "PRICE" } as const;
  it("is false when the checked fields keep their columns, whatever else changes", () => {
    expect(checkedColumnsChanged(checked, { ...checked, Marke: "BRAND", Farbe: "COLOUR" })).toBe(false);
  });
  it("is true when a checked field moves, appears or goes", () => {
    expect(checkedColumnsChanged(checked, { GTIN: "EAN", Kategorie: "PRODUCT_CATEGORY", Preis: "PRICE" })).toBe(true);
    expect(checkedColumnsChanged(checked, { EAN: "EAN", Kategorie: "PRODUCT_CATEGORY" })).toBe(true);
    expect(checkedColumnsChanged({ EAN: "EAN", Kategorie: "PRODUCT_CATEGORY" }, checked)).toBe(true);
  });
});

describe("confidencePercent and examplesByKind", () => {
  it("shows a confidence as a whole percent within 0…100", () => {
    expect([0.917, 1, 0, 1.2, -0.1, 0.005].map(confidencePercent)).toEqual([92, 100, 0, 100, 0, 1]);
  });

  it("groups the examples by kind in the contract's order, only kinds with problems", () => {
    const example = (row: number, kind: RowProblem["kind"]): RowProblem => ({ row, kind, column: "EAN", value: "", firstRow: null });
    const groups = examplesByKind(
      [example(2, "REQUIRED_EMPTY"), example(3, "EAN_CHECK_DIGIT"), example(5, "REQUIRED_EMPTY")],
      { REQUIRED_EMPTY: 2, EAN_CHECK_DIGIT: 1, PRICE_FORMAT: 0 },
      ["EAN_CHECK_DIGIT", "PRICE_FORMAT", "REQUIRED_EMPTY"],
    );
    expect(groups.map((group) => [group.kind, group.count, group.examples.map((problem) => problem.row)])).toEqual([
      ["EAN_CHECK_DIGIT", 1, [3]],
      ["REQUIRED_EMPTY", 2, [2, 5]],
    ]);
  });
});
