import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "#app/lib/csv.ts";

describe("csvCell: one rule for every CSV export", () => {
  it.each([
    ["=1+1", `"'=1+1"`],
    ["+49 30 123", `"'+49 30 123"`],
    ["-2+3+cmd|' /C calc'!A0", `"'-2+3+cmd|' /C calc'!A0"`],
    ["-5", `"'-5"`],
    ["@SUM(A1)", `"'@SUM(A1)"`],
    ["\tTAB", `"'\tTAB"`],
    ["\rCR", `"'\rCR"`],
  ])("defuses the text %j that a spreadsheet would read as a formula", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("writes numbers as numbers, negative ones included, with a decimal comma when asked", () => {
    expect(csvCell(-12.5)).toBe("-12.5");
    expect(csvCell(-12.5, { separator: ";", decimalComma: true })).toBe("-12,5");
    expect(csvCell(Number.NaN)).toBe("");
  });

  it("quotes separators, quotes and line breaks, and leaves plain text alone", () => {
    expect(csvCell('Brett "Eiche", 40 cm')).toBe('"Brett ""Eiche"", 40 cm"');
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell("zwei\nZeilen")).toBe('"zwei\nZeilen"');
    expect(csvCell("Schneidebrett")).toBe("Schneidebrett");
    expect(csvCell(null)).toBe("");
  });

  it("joins a line with the dialect's separator and ends it with CRLF", () => {
    expect(csvLine(["EAN", 4006381333931, null, "=x"])).toBe(`EAN,4006381333931,,"'=x"\r\n`);
    expect(csvLine(["a", 1.5], { separator: ";", decimalComma: true })).toBe("a;1,5\r\n");
  });
});
