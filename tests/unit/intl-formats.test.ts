import { afterEach, describe, expect, it, vi } from "vitest";
import {
  dateTimeFormat,
  displayNames,
  formatMoment,
  intlValuesFromPage,
  listFormat,
  numberFormat,
  recordIntlValuesIn,
  workedOutOnServer,
} from "#app/lib/intl-formats.ts";

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

describe("Intl values worked out on the server, read from the page while it hydrates", () => {
  // Each test leaves the module as a server without a render and a browser without a page: nothing recorded, nothing read.
  afterEach(() => {
    recordIntlValuesIn(() => undefined);
    intlValuesFromPage({});
    vi.restoreAllMocks();
  });

  /** A server render's store, as intl-values.server.ts keeps one per request. */
  function renderOnServer(render: () => void): Record<string, unknown> {
    const store = new Map<string, unknown>();
    recordIntlValuesIn(() => store);
    render();
    recordIntlValuesIn(() => undefined);
    return Object.fromEntries(store);
  }

  it("records each value a render works out, keyed by formatter, options and input, as JSON carries it", () => {
    const values = renderOnServer(() => {
      numberFormat("de").format(1234.5);
      numberFormat("en", { style: "percent" }).format(-0);
      dateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).formatRange(new Date("2026-11-01T00:00:00Z"), new Date("2026-11-30T00:00:00Z"));
      displayNames(["de"], { type: "region" }).of("AT");
      listFormat("en", { type: "conjunction" }).format(["a", "b"]);
    });
    expect(values).toEqual({
      "number de  format number1234.5": "1.234,5",
      'number en {"style":"percent"} format n-0': "-0%",
      'dateTime en {"dateStyle":"medium","timeZone":"UTC"} formatRange d1793491200000 d1795996800000': "Nov 1\u2009–\u200930, 2026",
      'displayNames de {"type":"region"} of stringAT': "Österreich",
      'list en {"type":"conjunction"} format string["a","b"]': "a and b",
    });
    expect(JSON.parse(JSON.stringify(values))).toEqual(values);
  });

  it("records nothing outside a render, and not the current time (no input: not the same on both sides)", () => {
    numberFormat("en").format(7);
    const values = renderOnServer(() => dateTimeFormat("en", { timeZone: "UTC" }).format());
    expect(values).toEqual({});
  });

  it("answers from the page without making an Intl object, and makes one for a value the page lacks", async () => {
    const values = renderOnServer(() => {
      numberFormat("de", { maximumFractionDigits: 3 }).format(9876.543);
      formatMoment("de", "2026-11-28T00:41:00Z");
    });
    // A browser tab: the module afresh (no formatter made yet), the page's values in.
    vi.resetModules();
    const tab = await import("#app/lib/intl-formats.ts");
    tab.intlValuesFromPage(values);
    const makeNumber = vi.spyOn(Intl, "NumberFormat");
    const makeDate = vi.spyOn(Intl, "DateTimeFormat");
    expect(tab.numberFormat("de", { maximumFractionDigits: 3 }).format(9876.543)).toBe("9.876,543");
    expect(tab.formatMoment("de", "2026-11-28T00:41:00Z")).toBe("28. Nov. 2026, 01:41 MEZ");
    expect(makeNumber).not.toHaveBeenCalled();
    expect(makeDate).not.toHaveBeenCalled();
    // Another input: Intl works it out, as without the page's values.
    expect(tab.numberFormat("de", { maximumFractionDigits: 3 }).format(1.5)).toBe("1,5");
    expect(makeNumber).toHaveBeenCalledTimes(1);
  });

  it("works a value out once per process: the next render takes it without Intl and still carries it", () => {
    const period = () =>
      dateTimeFormat("de", { dateStyle: "medium", timeZone: "UTC" }).formatRange(new Date("2026-10-26T00:00:00Z"), new Date("2026-11-24T00:00:00Z"));
    const first = renderOnServer(period);
    const compute = vi.spyOn(Intl.DateTimeFormat.prototype, "formatRange");
    const again = renderOnServer(period);
    expect(compute).not.toHaveBeenCalled();
    expect(again).toEqual(first);
    compute.mockRestore();
    expect(period()).toBe(
      new Intl.DateTimeFormat("de", { dateStyle: "medium", timeZone: "UTC" }).formatRange(new Date("2026-10-26T00:00:00Z"), new Date("2026-11-24T00:00:00Z")),
    );
    const country = vi.fn(() => "Österreich");
    expect(renderOnServer(() => workedOutOnServer("country de AT", country))).toEqual({ "country de AT": "Österreich" });
    expect(renderOnServer(() => workedOutOnServer("country de AT", country))).toEqual({ "country de AT": "Österreich" });
    expect(country).toHaveBeenCalledTimes(1);
  });

  it("records a value worked out from others once, as a whole", () => {
    const values = renderOnServer(() =>
      workedOutOnServer("sorted", () => ["DE", "AT"].map((code) => displayNames(["en"], { type: "region" }).of(code)).sort()),
    );
    expect(values).toEqual({ sorted: ["Austria", "Germany"] });
  });
});
