/** The analytics selection: shop order, never no shop, date presets across month and year ends, comparisons. */
import { describe, expect, it } from "vitest";
import { comparisonPeriod, parseSelection, presetPeriod, selectionQuery, selectShops, sortShops } from "#app/lib/home/analytics-selection.ts";
import { metricCsv, metricRows } from "#app/lib/home/analytics-table.ts";

const shop = (marketplaceSellerId: string) => ({ marketplaceSellerId, name: `Shop ${marketplaceSellerId}` });

describe("sortShops", () => {
  it("sorts numerically by marketplaceSellerId, not as text", () => {
    const sorted = sortShops([shop("10452"), shop("9871"), shop("120034"), shop("100")]);
    expect(sorted.map((s) => s.marketplaceSellerId)).toEqual(["100", "9871", "10452", "120034"]);
  });

  it("handles ids beyond the safe integer range and leaves its input alone", () => {
    const input = [shop("90071992547409930"), shop("90071992547409921")];
    expect(sortShops(input).map((s) => s.marketplaceSellerId)).toEqual(["90071992547409921", "90071992547409930"]);
    expect(input[0]!.marketplaceSellerId).toBe("90071992547409930");
  });
});

describe("selectShops: never none", () => {
  const ids = ["9871", "10452", "120034"];
  it("keeps the requested shops that exist, in the shops' order", () => {
    expect(selectShops(ids, ["120034", "9871"])).toEqual(["9871", "120034"]);
  });
  it("selects the first shop when none is requested", () => {
    expect(selectShops(ids, [])).toEqual(["9871"]);
  });
  it("selects the first shop when only unknown shops are requested", () => {
    expect(selectShops(ids, ["1", "abc"])).toEqual(["9871"]);
  });
  it("drops duplicates and unknown ids", () => {
    expect(selectShops(ids, ["10452", "10452", "77"])).toEqual(["10452"]);
  });
  it("selects nothing only when the seller has no shop", () => {
    expect(selectShops([], ["1"])).toEqual([]);
  });
});

describe("presetPeriod", () => {
  it("last 7/30/90 days end today and reach back across a year end", () => {
    expect(presetPeriod("last7", "2027-01-03")).toEqual({ from: "2026-12-28", to: "2027-01-03" });
    expect(presetPeriod("last30", "2027-01-10")).toEqual({ from: "2026-12-12", to: "2027-01-10" });
    expect(presetPeriod("last90", "2026-03-01")).toEqual({ from: "2025-12-02", to: "2026-03-01" });
  });
  it("last month across the year end: December of the year before", () => {
    expect(presetPeriod("lastMonth", "2027-01-15")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(presetPeriod("lastMonth", "2027-01-01")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });
  it("last month ends on the month's true last day (28, 29, 30, 31)", () => {
    expect(presetPeriod("lastMonth", "2026-03-31")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(presetPeriod("lastMonth", "2028-03-01")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(presetPeriod("lastMonth", "2026-05-31")).toEqual({ from: "2026-04-01", to: "2026-04-30" });
    expect(presetPeriod("lastMonth", "2026-08-01")).toEqual({ from: "2026-07-01", to: "2026-07-31" });
  });
  it("this month and year to date start on the 1st", () => {
    expect(presetPeriod("thisMonth", "2026-12-31")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(presetPeriod("thisMonth", "2027-01-01")).toEqual({ from: "2027-01-01", to: "2027-01-01" });
    expect(presetPeriod("yearToDate", "2027-01-01")).toEqual({ from: "2027-01-01", to: "2027-01-01" });
    expect(presetPeriod("yearToDate", "2026-11-22")).toEqual({ from: "2026-01-01", to: "2026-11-22" });
  });
});

describe("comparisonPeriod", () => {
  it("the period before has the same length and ends the day before", () => {
    expect(comparisonPeriod({ from: "2027-01-01", to: "2027-01-31" }, "previousPeriod")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(comparisonPeriod({ from: "2026-03-01", to: "2026-03-07" }, "previousPeriod")).toEqual({ from: "2026-02-22", to: "2026-02-28" });
  });
  it("a year earlier keeps the dates; 29 February becomes 28 February", () => {
    expect(comparisonPeriod({ from: "2028-02-01", to: "2028-02-29" }, "previousYear")).toEqual({ from: "2027-02-01", to: "2027-02-28" });
    expect(comparisonPeriod({ from: "2026-12-01", to: "2027-01-15" }, "previousYear")).toEqual({ from: "2025-12-01", to: "2026-01-15" });
  });
  it("none is none", () => {
    expect(comparisonPeriod({ from: "2026-01-01", to: "2026-01-02" }, "none")).toBeNull();
  });
});

describe("parseSelection", () => {
  const ids = ["9871", "10452"];
  const today = "2026-11-22";
  it("defaults: the first shop, the last 30 days, no comparison", () => {
    const { selection, issue } = parseSelection(new URLSearchParams(), ids, today);
    expect(selection).toEqual({
      shopIds: ["9871"],
      range: "last30",
      period: { from: "2026-10-24", to: "2026-11-22" },
      compare: "none",
      comparisonPeriod: null,
    });
    expect(issue).toBeNull();
  });
  it("takes a custom period and a comparison from the query", () => {
    const { selection } = parseSelection(new URLSearchParams("shop=10452&range=custom&from=2026-01-01&to=2026-01-31&compare=previousPeriod"), ids, today);
    expect(selection.shopIds).toEqual(["10452"]);
    expect(selection.period).toEqual({ from: "2026-01-01", to: "2026-01-31" });
    expect(selection.comparisonPeriod).toEqual({ from: "2025-12-01", to: "2025-12-31" });
  });
  it.each([
    ["range=custom&from=2026-02-30&to=2026-03-01", "invalidDate"],
    ["range=custom&from=&to=2026-03-01", "invalidDate"],
    ["range=custom&from=2026-03-02&to=2026-03-01", "fromAfterTo"],
    ["range=custom&from=2026-11-01&to=2026-11-23", "inFuture"],
    ["range=custom&from=2025-01-01&to=2025-12-31", "tooLong"],
  ])("falls back to the default on %s (%s)", (query, issue) => {
    const result = parseSelection(new URLSearchParams(query), ids, today);
    expect(result.issue).toBe(issue);
    expect(result.selection.range).toBe("last30");
  });
  it("ignores dates unless the period is custom, and unknown values", () => {
    const { selection } = parseSelection(new URLSearchParams("range=lastMonth&from=2020-01-01&to=2020-01-02&compare=sometimes"), ids, today);
    expect(selection.period).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(selection.compare).toBe("none");
  });
  it("round-trips through its query", () => {
    const { selection } = parseSelection(
      new URLSearchParams("shop=9871&shop=10452&range=custom&from=2026-05-01&to=2026-05-31&compare=previousYear"),
      ids,
      today,
    );
    expect(parseSelection(selectionQuery(selection), ids, today).selection).toEqual(selection);
  });
});

describe("metric rows and their CSV", () => {
  const metric = {
    key: "gmv",
    unit: "EUR" as const,
    aggregation: "SUM" as const,
    total: 3,
    points: [
      { date: "2026-01-01", value: 1.5 },
      { date: "2026-01-02", value: 1.5 },
    ],
  };
  it("sets the comparison's days beside the period's by offset, leaving gaps empty", () => {
    const comparison = { key: "gmv", unit: "EUR" as const, aggregation: "SUM" as const, total: 2, points: [{ date: "2025-01-02", value: 2 }] };
    expect(metricRows(metric, "2026-01-01", { metric: comparison, from: "2025-01-01" })).toEqual([
      { date: "2026-01-01", value: 1.5, comparisonDate: "2025-01-01", comparisonValue: null },
      { date: "2026-01-02", value: 1.5, comparisonDate: "2025-01-02", comparisonValue: 2 },
    ]);
  });
  it("writes CSV with a header, one line per row, German separators in German", () => {
    const rows = metricRows(metric, "2026-01-01");
    expect(metricCsv(rows, ["Date", "GMV", "c", "v"], "en")).toBe("\uFEFFDate,GMV\r\n2026-01-01,1.5\r\n2026-01-02,1.5\r\n");
    expect(metricCsv(rows, ["Datum", "GMV", "c", "v"], "de")).toBe("\uFEFFDatum;GMV\r\n2026-01-01;1,5\r\n2026-01-02;1,5\r\n");
  });
  it("quotes fields with separators and defuses spreadsheet formulas", () => {
    const csv = metricCsv([], ['=HYPERLINK("x")', "a,b", "c", "d"], "en");
    expect(csv).toBe(`\uFEFF"'=HYPERLINK(""x"")","a,b"\r\n`);
  });
  it("defuses a formula that starts like a negative number, and keeps real negative numbers as numbers", () => {
    const rows = [{ date: "-2+3+cmd|' /C calc'!A0", value: -12.5, comparisonDate: null, comparisonValue: null }];
    expect(metricCsv(rows, ["Datum", "GMV", "c", "v"], "de")).toBe(`\uFEFFDatum;GMV\r\n"'-2+3+cmd|' /C calc'!A0";-12,5\r\n`);
  });
});
