/**
 * The analytics' scope and words (docs/product.md §9): a drill-down keeps the
 * shops, period and comparison it came from; a heading names the shops;
 * dates read as the language writes them; a total says whether it is a sum,
 * an average day or an average rate.
 */
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { drillDownHref, parseSelection, presetPeriod, shopScope } from "#app/lib/home/analytics-selection.ts";
import { totalKind } from "#app/lib/home/analytics-table.ts";
import { formatDate, formatDay, formatPeriod } from "#app/lib/home/analytics-dates.ts";
import { messages } from "#app/locales/resources.ts";

const shops = [
  { marketplaceSellerId: "9871", name: "Nordlicht Living AT" },
  { marketplaceSellerId: "10452", name: "Nordlicht Living DE" },
  { marketplaceSellerId: "120034", name: "Nordlicht Outlet" },
];
const ids = shops.map((shop) => shop.marketplaceSellerId);
const today = "2026-11-24";

describe("a drill-down keeps the scope it came from", () => {
  it("opens the detail for every shop, the same 30 days and the same comparison as the overview's figure", () => {
    const href = drillDownHref("sales", ids, "last30", "previousPeriod", today);
    const url = new URL(href, "http://portal.test");
    expect(url.pathname).toBe("/home/analytics/sales");
    // The detail page reads the address as the overview meant it: not the first shop alone, not the remembered choice.
    const { selection, issue } = parseSelection(url.searchParams, ids, today);
    expect(issue).toBeNull();
    expect(selection.shopIds).toEqual(ids);
    expect(selection.period).toEqual(presetPeriod("last30", today));
    expect(selection.period).toEqual({ from: "2026-10-26", to: "2026-11-24" });
    expect(selection.comparisonPeriod).toEqual({ from: "2026-09-26", to: "2026-10-25" });
  });

  it("names the whole of several shops as all of them, and a part or a single shop by name", () => {
    expect(shopScope(ids, shops)).toEqual({ all: true, count: 3 });
    expect(shopScope(["9871"], shops)).toEqual({ all: false, shops: [shops[0]] });
    expect(shopScope(["10452", "120034"], shops)).toEqual({ all: false, shops: [shops[1], shops[2]] });
    // One shop is that shop, not "all 1 shops".
    expect(shopScope(["9871"], [shops[0]!])).toEqual({ all: false, shops: [shops[0]] });
  });
});

describe("dates per language", () => {
  it("writes a day as English and German readers do, on the marketplace's calendar (UTC)", () => {
    expect(formatDate("2026-10-26", "en")).toBe("Oct 26, 2026");
    expect(formatDate("2026-10-26", "de")).toBe("26.10.2026");
    expect(formatDate("2026-01-01", "de")).toBe("01.01.2026");
  });

  it("writes a period as one range, saying a shared year once, with plain spaces whatever the ICU (server and browser alike)", () => {
    expect(formatPeriod({ from: "2026-10-26", to: "2026-11-24" }, "en")).toBe("Oct 26 – Nov 24, 2026");
    expect(formatPeriod({ from: "2026-10-26", to: "2026-11-24" }, "de")).toBe("26.10. – 24.11.2026");
    expect(formatPeriod({ from: "2025-12-01", to: "2026-01-31" }, "de")).toBe("01.12.2025 – 31.01.2026");
  });

  it("labels a chart's axis with day and month", () => {
    expect(formatDay("2026-10-26", "en")).toBe("10/26");
    expect(formatDay("2026-10-26", "de")).toBe("26.10.");
  });
});

describe("the summary of a figure says what its total is", () => {
  const t = i18next.createInstance();
  const ready = t.init({ lng: "en", resources: { en: { translation: messages.en }, de: { translation: messages.de } }, interpolation: { escapeValue: false } });
  const summary = async (metric: { aggregation: "SUM" | "AVERAGE"; unit: "EUR" | "COUNT" | "PERCENT" | "HOURS" | "DAYS" }, lng = "en") => {
    await ready;
    return t.t(`analytics.chartSummary.${totalKind(metric)}`, {
      lng,
      name: "X",
      days: 30,
      total: "T",
      highest: "H",
      highestDate: "d1",
      lowest: "L",
      lowestDate: "d2",
    });
  };

  it("a sum of the days is a total", async () => {
    expect(totalKind({ aggregation: "SUM", unit: "EUR" })).toBe("total");
    expect(await summary({ aggregation: "SUM", unit: "COUNT" })).toContain("T in total");
    expect(await summary({ aggregation: "SUM", unit: "COUNT" }, "de")).toContain("insgesamt T");
  });

  it("a level averaged over its days (active offers) is an average day, never a total", async () => {
    expect(totalKind({ aggregation: "AVERAGE", unit: "COUNT" })).toBe("dailyAverage");
    const text = await summary({ aggregation: "AVERAGE", unit: "COUNT" });
    expect(text).toContain("T on an average day");
    expect(text).not.toContain("in total");
    expect(await summary({ aggregation: "AVERAGE", unit: "COUNT" }, "de")).not.toContain("insgesamt");
  });

  it("a rate or a duration is an average, never a total", async () => {
    for (const unit of ["PERCENT", "HOURS", "DAYS"] as const) {
      expect(totalKind({ aggregation: "AVERAGE", unit })).toBe("average");
      const text = await summary({ aggregation: "AVERAGE", unit });
      expect(text).toContain("T on average");
      expect(text).not.toContain("in total");
    }
  });
});
