/**
 * A figure's change against its comparison (issue 38, point 11): a rate by percentage points, so that "−1 %
 * against 6.88 %" cannot be read as a rate; every other figure by percent of the comparison. Numbers, signs and
 * plurals as each language writes them.
 */
import { describe, expect, it } from "vitest";
import { figureChange, formatFigureChange } from "#app/lib/home/figure-change.ts";
import en from "#app/locales/en/analytics.json";
import de from "#app/locales/de/analytics.json";

/** The two keys the formatter uses, with i18next's plural choice and placeholders. */
function translate(points: { points_one: string; points_other: string }, locale: string) {
  return (key: string, options: Record<string, unknown> = {}) => {
    expect(key).toBe("analytics.change.points");
    const form = new Intl.PluralRules(locale).select(options.count as number) === "one" ? points.points_one : points.points_other;
    return form.replace("{{value}}", String(options.value));
  };
}

const write = (value: number, comparison: number | null, unit: Parameters<typeof figureChange>[2], locale: "en" | "de") => {
  const change = figureChange(value, comparison, unit);
  return change && formatFigureChange(change, locale, translate((locale === "en" ? en : de).change, locale));
};

describe("a figure's change", () => {
  it("is a rate's difference in percentage points, never a percent of the rate", () => {
    expect(figureChange(6.81, 6.88, "PERCENT")).toEqual({ kind: "points", points: expect.closeTo(-0.07, 10) });
    expect(write(6.81, 6.88, "PERCENT", "en")).toBe("\u22120.07 percentage points");
    expect(write(6.81, 6.88, "PERCENT", "de")).toBe("\u22120,07 Prozentpunkte");
    expect(write(7.88, 6.88, "PERCENT", "en")).toBe("+1 percentage point");
    expect(write(7.88, 6.88, "PERCENT", "de")).toBe("+1 Prozentpunkt");
    // A rate from zero has a difference all the same.
    expect(write(2.5, 0, "PERCENT", "en")).toBe("+2.5 percentage points");
    expect(write(6.88, 6.88, "PERCENT", "en")).toBe("0 percentage points");
  });

  it("is every other figure's change in percent of the comparison, in the language's number format", () => {
    expect(write(55_788.25, 52_000, "EUR", "en")).toBe("+7.3%");
    expect(write(55_788.25, 52_000, "EUR", "de")).toBe("+7,3\u00a0%");
    expect(write(742, 769, "COUNT", "en")).toBe("\u22123.5%");
    expect(write(742, 769, "COUNT", "de")).toBe("\u22123,5\u00a0%");
    expect(write(12_345, 1_000, "HOURS", "en")).toBe("+1,134.5%");
    expect(write(12_345, 1_000, "HOURS", "de")).toBe("+1.134,5\u00a0%");
    expect(write(769.0001, 769, "COUNT", "en")).toBe("0%");
  });

  it("is nothing where there is nothing to compare with, or no percent of zero", () => {
    expect(figureChange(5, null, "EUR")).toBeNull();
    expect(figureChange(5, undefined, "PERCENT")).toBeNull();
    expect(figureChange(5, 0, "COUNT")).toBeNull();
  });
});
