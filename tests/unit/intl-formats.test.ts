import { describe, expect, it } from "vitest";
import { dateTimeFormat, displayNames, formatMoment, listFormat, numberFormat } from "#app/lib/intl-formats.ts";

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

describe("formatMoment: every time in Berlin, labelled", () => {
  it("shows an upstream instant in Europe/Berlin with its zone, in winter and in summer, in en and de", () => {
    // 00:41 UTC in November is 01:41 in Berlin (CET, UTC+1); in July 02:41 (CEST, UTC+2).
    expect(formatMoment("en", "2026-11-28T00:41:00Z")).toBe("Nov 28, 2026, 01:41 AM GMT+1");
    expect(formatMoment("de", "2026-11-28T00:41:00Z")).toBe("28. Nov. 2026, 01:41 MEZ");
    expect(formatMoment("en", "2026-07-01T00:41:00Z", "long")).toBe("July 1, 2026 at 02:41 AM GMT+2");
    expect(formatMoment("de", "2026-07-01T00:41:00Z", "long")).toBe("1. Juli 2026 um 02:41 MESZ");
  });

  it("puts two instants of the same moment at the same time, whatever zone they were written in", () => {
    expect(formatMoment("en", "2026-11-28T01:41:00+01:00")).toBe(formatMoment("en", "2026-11-28T00:41:00Z"));
    expect(formatMoment("en", Date.parse("2026-11-27T23:46:00Z"))).toBe("Nov 28, 2026, 12:46 AM GMT+1");
  });
});
