/** Row checks: check digits, scientific notation, decimal styles, duplicates, and the full problem list equal to the report. */
import { readFileSync } from "node:fs";
import i18next from "i18next";
import Papa from "papaparse";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { RowProblem } from "#contract/catalogue-analysis.ts";
import { messages } from "#app/locales/resources.ts";
import {
  eanProblem,
  GtinSet,
  gtinCheckDigitValid,
  InvalidEanSet,
  isScientificNotation,
  parsePrice,
  problemCsvLine,
  problemsCsvHead,
  problemsCsvWording,
  RowChecker,
  type ProblemsCsvWording,
} from "#app/services/catalogue/reading/index.server.ts";
// The inspector on this thread: the fast-path test below watches its calls.
import { createCatalogueInspector as inspectOnThisThread } from "#app/services/catalogue/reading/inspector.ts";

describe("GTIN check digits", () => {
  it.each(["4006381333931", "96385074", "036000291452", "10012345678902", "5901234123457", "00000000"])("%s is valid", (gtin) => {
    expect(gtinCheckDigitValid(gtin)).toBe(true);
    expect(eanProblem(gtin)).toBeNull();
  });
  it.each(["4006381333932", "96385075", "036000291453", "10012345678903"])("%s has a wrong check digit", (gtin) => {
    expect(gtinCheckDigitValid(gtin)).toBe(false);
    expect(eanProblem(gtin)).toBe("EAN_CHECK_DIGIT");
  });
  it.each(["12345", "40063813339311", "4006381333931x", "400638133393", "4006 381333931"])("%s is no GTIN", (value) => {
    expect(["EAN_FORMAT", "EAN_CHECK_DIGIT"]).toContain(eanProblem(value));
  });
});

describe("scientific notation", () => {
  it.each(["4.00638E+12", "4,00638E+12", "4E12", "4.006381333931e+12"])("%s is flagged", (value) => {
    expect(isScientificNotation(value)).toBe(true);
    expect(eanProblem(value)).toBe("EAN_SCIENTIFIC");
  });
});

describe("prices in either decimal style", () => {
  it.each([
    ["1.234,56", 1234.56, "comma"],
    ["1,234.56", 1234.56, "point"],
    ["12,5", 12.5, "comma"],
    ["12.5", 12.5, "point"],
    ["24,90", 24.9, "comma"],
    ["12", 12, null],
    ["€ 12,50", 12.5, "comma"],
    ["12.50 EUR", 12.5, "point"],
    ["1.234.567,00", 1234567, "comma"],
    ["1,234", 1234, null],
    ["0,125", 0.125, "comma"],
  ] as const)("%j → %d (%s)", (raw, value, style) => {
    expect(parsePrice(raw)).toEqual({ value, style });
  });
  it.each(["zwölf", "12,50,00", "1.2.3", "12 Euro 50", ""])("%j is no price", (raw) => {
    expect(parsePrice(raw)).toBeNull();
  });
});

describe("duplicates", () => {
  it("answers the first row of a GTIN seen before", () => {
    const set = new GtinSet();
    expect(set.firstRowOf(4006381333931, 2)).toBe(0);
    expect(set.firstRowOf(4006381333948, 3)).toBe(0);
    expect(set.firstRowOf(4006381333931, 9)).toBe(2);
    expect(set.firstRowOf(4006381333931, 12)).toBe(2);
  });

  it("grows within its budget, finds every repeat of a million GTINs, and says when it is full", () => {
    const set = new GtinSet();
    let seenBefore = 0;
    for (let i = 0; i < 1_000_000; i++) if (set.firstRowOf(4_000_000_000_000 + i * 10, i + 2) !== 0) seenBefore++;
    expect(seenBefore).toBe(0);
    let wrongRows = 0;
    for (let i = 0; i < 1_000_000; i += 7) if (set.firstRowOf(4_000_000_000_000 + i * 10, 5_000_000) !== i + 2) wrongRows++;
    expect(wrongRows).toBe(0);
    expect(set.bytes).toBeLessThanOrEqual(24 * 1024 * 1024);
    expect(set.full).toBe(false);
    // Full at the 0.8 load limit of 2 Mi slots: 1,677,721 GTINs.
    for (let i = 1_000_000; i < 2_000_000; i++) set.firstRowOf(4_000_000_000_000 + i * 10, i + 2);
    expect(set.full).toBe(true);
    expect(set.bytes).toBe(23 * 1024 * 1024);
    // Those remembered before it was full are still found.
    expect(set.firstRowOf(4_000_000_000_000, 9_000_000)).toBe(2);
  });
});

describe("the same invalid EAN on several rows", () => {
  const headers = ["EAN", "Name", "Kategorie"];
  const mapping = { EAN: "EAN", Kategorie: "PRODUCT_CATEGORY" } as const;

  it("is a duplicate as well as invalid, on every row after its first, as a valid one is", () => {
    const problems: RowProblem[] = [];
    const checker = new RowChecker(headers, mapping, (problem) => problems.push(problem));
    // PrestaShop's sample writes one wrong EAN into every product; a typo copied down a column does the same.
    for (let row = 2; row <= 8; row++) checker.check(["1234567890123", `Artikel ${row}`, "Küche"], row);
    checker.check(["12345", "Kurz", "Küche"], 9);
    checker.check(["12345", "Kurz auch", "Küche"], 10);
    const report = checker.validationReport();
    expect(report.counts).toEqual({ EAN_CHECK_DIGIT: 7, EAN_DUPLICATE: 7, EAN_FORMAT: 2 });
    expect(report.rowsRejected).toBe(9);
    expect(problems.filter((problem) => problem.kind === "EAN_DUPLICATE").map((problem) => [problem.row, problem.firstRow])).toEqual([
      [3, 2],
      [4, 2],
      [5, 2],
      [6, 2],
      [7, 2],
      [8, 2],
      [10, 9],
    ]);
  });

  it("is not said of numbers in scientific notation: their digits are lost, so two rows showing the same are not known to be one EAN", () => {
    const checker = new RowChecker(headers, mapping);
    for (let row = 2; row <= 4; row++) checker.check(["4,00638E+12", `Artikel ${row}`, "Küche"], row);
    expect(checker.validationReport().counts).toEqual({ EAN_SCIENTIFIC: 3 });
  });

  it("is found alike in the first rows (read as cells) and in the rows checked on their bytes", async () => {
    const lines = Array.from(
      { length: 120 },
      (_, i) => `${i % 40 === 0 ? "4006381333932" : `4006${String(10000000 + i).slice(-8)}`}${i % 40 === 0 ? "" : "0"};Artikel ${i};Küche`,
    );
    const { input, result } = inspectOnThisThread({ fileName: "k.csv" });
    input.end(Buffer.from(`EAN;Name;Kategorie\n${lines.join("\n")}\n`, "latin1"));
    const outcome = await result;
    if (!outcome.ok) throw new Error(outcome.problem);
    // Rows 2, 42 and 82 hold the same wrong EAN: row 42 among the first rows, row 82 past them.
    expect(outcome.analysis.report.examples.filter((example) => example.kind === "EAN_DUPLICATE")).toEqual([
      { row: 42, kind: "EAN_DUPLICATE", column: "EAN", value: "4006381333932", firstRow: 2 },
      { row: 82, kind: "EAN_DUPLICATE", column: "EAN", value: "4006381333932", firstRow: 2 },
    ]);
  });
  it("remembers a bounded number of them, says when it is full, and still finds those it holds", () => {
    const set = new InvalidEanSet();
    for (let i = 0; i < 60_000; i++) set.firstRowOf(`1${i}`, i + 2);
    expect(set.full).toBe(true);
    expect(set.firstRowOf("10", 99_999)).toBe(2);
    expect(set.firstRowOf("159999", 99_999)).toBe(0);
  });
});

describe("the row checker", () => {
  const headers = ["EAN", "Name", "Kategorie", "Preis"];
  const mapping = { EAN: "EAN", Kategorie: "PRODUCT_CATEGORY", Preis: "PRICE" } as const;

  it("reports each problem with its row, counts rows rejected and keeps the decimal style", () => {
    const problems: RowProblem[] = [];
    const checker = new RowChecker(headers, mapping, (problem) => problems.push(problem));
    checker.check(["4006381333931", "a", "Küche", "12,50"], 2);
    checker.check(["4006381333932", "b", "", "1.234,56"], 3);
    checker.check(["4,00638E+12", "c", "Küche", "x"], 4);
    checker.check(["4006381333931", "d", "Küche"], 5);
    checker.check([""], 6);
    const report = checker.validationReport();
    expect(report).toMatchObject({ rowsChecked: 4, rowsRejected: 3, decimalStyle: "comma" });
    expect(report.counts).toEqual({ EAN_CHECK_DIGIT: 1, REQUIRED_EMPTY: 1, EAN_SCIENTIFIC: 1, PRICE_FORMAT: 1, FIELD_COUNT: 1, EAN_DUPLICATE: 1 });
    expect(problems.map((problem) => [problem.row, problem.kind])).toEqual([
      [3, "REQUIRED_EMPTY"],
      [3, "EAN_CHECK_DIGIT"],
      [4, "EAN_SCIENTIFIC"],
      [4, "PRICE_FORMAT"],
      [5, "FIELD_COUNT"],
      [5, "EAN_DUPLICATE"],
    ]);
    expect(problems.at(-1)).toMatchObject({ column: "EAN", value: "4006381333931", firstRow: 2 });
    expect(report.examples).toEqual(problems);
  });

  it("sees both decimal styles as mixed", () => {
    const checker = new RowChecker(headers, mapping);
    checker.check(["4006381333931", "a", "x", "12,50"], 2);
    checker.check(["4006381333948", "a", "x", "1,234.50"], 3);
    expect(checker.validationReport().decimalStyle).toBe("mixed");
  });

  it("keeps only the first examples of each kind, and counts them all", () => {
    const checker = new RowChecker(headers, mapping);
    for (let row = 2; row < 100; row++) checker.check([String(row), "a", "x", "1"], row);
    const report = checker.validationReport();
    expect(report.counts.EAN_FORMAT).toBe(98);
    expect(report.examples).toHaveLength(20);
    expect(report.examples[0]!.row).toBe(2);
  });
});

describe("the full problem list of the error sample", () => {
  const english = i18next.createInstance();
  const german = i18next.createInstance();
  beforeAll(async () => {
    const resources = { en: { translation: messages.en }, de: { translation: messages.de } };
    await english.init({ lng: "en", resources, interpolation: { escapeValue: false } });
    await german.init({ lng: "de", resources, interpolation: { escapeValue: false } });
  });

  async function listed(wording: ProblemsCsvWording) {
    const lines: string[] = [];
    const problems: RowProblem[] = [];
    const { input, result } = inspectOnThisThread({
      fileName: "katalog-mit-fehlern.csv",
      onProblem: (problem) => {
        problems.push(problem);
        lines.push(problemCsvLine(problem, wording));
      },
    });
    input.end(readFileSync(new URL("../../sandbox/samples/katalog-mit-fehlern.csv", import.meta.url)));
    const outcome = await result;
    if (!outcome.ok) throw new Error(outcome.problem);
    return { lines, problems, report: outcome.analysis.report };
  }

  it("has exactly as many lines per kind as the report counts, in the report's order", async () => {
    const { problems, report } = await listed(problemsCsvWording(english.t, "en"));
    const counted: Record<string, number> = {};
    for (const problem of problems) counted[problem.kind] = (counted[problem.kind] ?? 0) + 1;
    expect(counted).toEqual(report.counts);
    expect(problems).toEqual(report.examples);
  });

  it("says each problem in words in the seller's language, keeps its code in a column of its own, and has no column of mostly nothing", async () => {
    const en = problemsCsvWording(english.t, "en");
    expect(problemsCsvHead(en)).toBe("\uFEFFRow,Problem,Column,Value,Problem code\r\n");
    const { lines } = await listed(en);
    expect(lines[0]).toBe("3,EAN check digit is wrong,EAN,4006381440012,EAN_CHECK_DIGIT\r\n");
    expect(lines.find((line) => line.endsWith(",EAN_SCIENTIFIC\r\n"))).toBe(
      '4,"EAN in scientific notation (digits lost, e.g. by Excel)",EAN,"4,00638E+12",EAN_SCIENTIFIC\r\n',
    );
    // The row a duplicate first appeared on is said with it, not in a column empty on every other line.
    expect(lines.find((line) => line.endsWith(",EAN_DUPLICATE\r\n"))).toBe("7,EAN appears more than once (first in row 2),EAN,4006381440004,EAN_DUPLICATE\r\n");

    const de = problemsCsvWording(german.t, "de");
    // A German spreadsheet splits at semicolons.
    expect(problemsCsvHead(de)).toBe("\uFEFFZeile;Problem;Spalte;Wert;Problemcode\r\n");
    const { lines: inGerman } = await listed(de);
    expect(inGerman[0]).toBe("3;EAN-Prüfziffer ist falsch;EAN;4006381440012;EAN_CHECK_DIGIT\r\n");
    expect(inGerman.find((line) => line.endsWith(";EAN_DUPLICATE\r\n"))).toBe(
      "7;EAN kommt mehrfach vor (zuerst in Zeile 2);EAN;4006381440004;EAN_DUPLICATE\r\n",
    );

    for (const [wording, all] of [
      [en, lines],
      [de, inGerman],
    ] as const) {
      const rows = Papa.parse<string[]>(all.join(""), { delimiter: wording.separator }).data.filter((cells) => cells.length > 1);
      expect(rows.every((cells) => cells.length === 5)).toBe(true);
      // No column is empty throughout, and no line shows a bare code where its words belong.
      for (let column = 0; column < 5; column++)
        expect(
          rows.some((cells) => cells[column] !== ""),
          `column ${column}`,
        ).toBe(true);
      expect(rows.every((cells) => cells[1] !== cells[4] && !/^[A-Z_]+$/.test(cells[1]!))).toBe(true);
    }
  });

  it("calls the same invalid EAN on several rows a duplicate, in words", () => {
    const en = problemsCsvWording(english.t, "en");
    const lines: string[] = [];
    const checker = new RowChecker(["EAN", "Name", "Kategorie"], { EAN: "EAN", Kategorie: "PRODUCT_CATEGORY" }, (problem) =>
      lines.push(problemCsvLine(problem, en)),
    );
    for (let row = 2; row <= 8; row++) checker.check(["1234567890123", `Artikel ${row}`, "Küche"], row);
    expect(lines.filter((line) => line.endsWith(",EAN_DUPLICATE\r\n"))).toHaveLength(6);
    expect(lines.slice(0, 3)).toEqual([
      "2,EAN check digit is wrong,EAN,1234567890123,EAN_CHECK_DIGIT\r\n",
      "3,EAN check digit is wrong,EAN,1234567890123,EAN_CHECK_DIGIT\r\n",
      "3,EAN appears more than once (first in row 2),EAN,1234567890123,EAN_DUPLICATE\r\n",
    ]);
  });
});

describe("the fast path", () => {
  it("checks every GTIN length and spaces around it as the first rows are checked", async () => {
    // Past the first 50 rows, lines without quotes are checked in place; before them, as cells.
    const filler = Array.from({ length: 60 }, (_, i) => {
      const digits = `4007${String(i).padStart(8, "0")}`;
      let sum = 0;
      for (let index = 0; index < 12; index++) sum += (digits.charCodeAt(index) - 48) * (index % 2 === 0 ? 1 : 3);
      return `${digits}${(10 - (sum % 10)) % 10};Artikel ${i};Küche;12,50`;
    });
    const probes = [
      "96385074",
      "036000291452",
      "10012345678902",
      " 4006381333931 ",
      "96385075",
      "036000291453",
      "10012345678903",
      "4.00638E+12",
      "4006381333931",
    ];
    const rows = (prefix: string[]) => [...prefix, ...probes.map((ean, i) => `${ean};Probe ${i};Küche;12,50`)];
    const early = Buffer.from(`EAN;Name;Kategorie;Preis\n${rows([]).join("\n")}\n`, "latin1");
    const late = Buffer.from(`EAN;Name;Kategorie;Preis\n${rows(filler).join("\n")}\n`, "latin1");
    const read = async (bytes: Buffer) => {
      const { input, result } = inspectOnThisThread({ fileName: "k.csv" });
      input.end(bytes);
      const outcome = await result;
      if (!outcome.ok) throw new Error(outcome.problem);
      return outcome.analysis.report;
    };
    const [first, after] = [await read(early), await read(late)];
    expect(first.counts).toEqual({ EAN_CHECK_DIGIT: 3, EAN_SCIENTIFIC: 1, EAN_DUPLICATE: 1 });
    expect(after.counts).toEqual(first.counts);
    // The same problems with the same values, 60 rows further down.
    const shifted = first.examples.map((example) => ({ ...example, row: example.row + 60, firstRow: example.firstRow && example.firstRow + 60 }));
    expect(after.examples).toEqual(shifted);
    expect(after.examples.find((example) => example.kind === "EAN_DUPLICATE")).toMatchObject({ row: 70, value: "4006381333931", firstRow: 65 });
  });

  it("checks the rows after the first ones on their bytes, whatever the piece sizes", async () => {
    // Larger than the first 64 KiB the delimiter is detected from: the pieces after it take the fast path.
    const lines = Array.from({ length: 4000 }, (_, i) => `4006${String(10000000 + i).slice(-8)}0;Artikel ${i};${i % 9 === 0 ? "" : "Küche"};12,50`);
    const bytes = Buffer.from(`EAN;Name;Kategorie;Preis\n${lines.join("\n")}\n`, "latin1");
    const spy = vi.spyOn(RowChecker.prototype, "checkLines");
    const { input, result } = inspectOnThisThread({ fileName: "k.csv" });
    for (let offset = 0; offset < bytes.length; offset += 999) input.write(Buffer.from(bytes.subarray(offset, offset + 999)));
    input.end();
    const outcome = await result;
    // Check digits: every tenth GTIN above is valid, the others are counted.
    expect(outcome.ok && outcome.analysis.report.counts.EAN_CHECK_DIGIT).toBe(3600);
    expect(outcome.ok && outcome.analysis.report).toMatchObject({ rowsChecked: 4000, counts: { REQUIRED_EMPTY: 445 } });
    // Rows checked on their bytes: each call answers the row number after its last line.
    const rowsOnBytes = spy.mock.results.reduce((sum, result, call) => sum + (result.value as { row: number }).row - Number(spy.mock.calls[call]![6]), 0);
    expect(rowsOnBytes).toBeGreaterThan(2000);
    spy.mockRestore();
  });
});
