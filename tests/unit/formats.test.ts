import { describe, expect, it } from "vitest";
import { dateTimeFormat, displayNames, listFormat, numberFormat } from "~/shared/i18n/formats";

describe("Intl formatters kept per process", () => {
  it("hands out one formatter per language and options, however often a page asks", () => {
    expect(numberFormat("de", { maximumFractionDigits: 1 })).toBe(numberFormat("de", { maximumFractionDigits: 1 }));
    expect(dateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" })).toBe(dateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }));
    expect(numberFormat("de")).not.toBe(numberFormat("en"));
    expect(numberFormat("de", { maximumFractionDigits: 0 })).not.toBe(numberFormat("de", { maximumFractionDigits: 1 }));
  });

  it("formats in the language and with the options asked for", () => {
    expect(numberFormat("de", { maximumFractionDigits: 1 }).format(1234.56)).toBe("1.234,6");
    expect(numberFormat("en", { maximumFractionDigits: 0 }).format(1234.56)).toBe("1,235");
    expect(dateTimeFormat("de", { dateStyle: "medium", timeZone: "UTC" }).format(new Date("2026-03-01T12:00:00Z"))).toBe("01.03.2026");
    expect(dateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(new Date("2026-03-01T12:00:00Z"))).toBe("Mar 1, 2026");
    expect(displayNames("de", { type: "region" }).of("AT")).toBe("Österreich");
    expect(listFormat("en", { type: "conjunction" }).format(["a", "b", "c"])).toBe("a, b, and c");
  });
});
