import { describe, expect, it } from "vitest";
import { dateTimeFormat, displayNames, listFormat, numberFormat } from "#app/lib/intl-formats.ts";

describe("shared Intl formatters", () => {
  it("gives the same formatter for the same language and options, and formats as a new one would", () => {
    const options = { style: "currency", currency: "EUR" } as const;
    expect(numberFormat("de", options)).toBe(numberFormat("de", { style: "currency", currency: "EUR" }));
    expect(numberFormat("de", options).format(1234.5)).toBe(new Intl.NumberFormat("de", options).format(1234.5));
    const day = dateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });
    expect(day.format(new Date("2026-10-26T00:00:00Z"))).toBe("Oct 26, 2026");
  });

  it("keeps languages, options and kinds apart", () => {
    expect(numberFormat("en")).not.toBe(numberFormat("de"));
    expect(numberFormat("en", { maximumFractionDigits: 1 })).not.toBe(numberFormat("en", { maximumFractionDigits: 2 }));
    expect(dateTimeFormat("de", { dateStyle: "medium", timeZone: "UTC" }).format(new Date("2026-10-26T00:00:00Z"))).toBe("26.10.2026");
    expect(displayNames(["de"], { type: "region" }).of("AT")).toBe("Österreich");
    expect(listFormat("en", { type: "conjunction" }).format(["a", "b", "c"])).toBe("a, b, and c");
  });
});
