/**
 * Counts through i18next's plural rules, in both languages: one row, one
 * article, one row checked read as such; and one heading for every form's
 * error summary.
 */
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "#app/locales/resources.ts";
import { formatInWords } from "#app/lib/catalogue/file-review.ts";

const t = { en: i18next.createInstance(), de: i18next.createInstance() };

beforeAll(async () => {
  for (const lng of ["en", "de"] as const) {
    await t[lng].init({ lng, resources: { [lng]: { translation: messages[lng] } }, interpolation: { escapeValue: false } });
  }
});

describe("plurals", () => {
  it("the preview's caption: the header row alone, or the first rows", () => {
    expect(t.en.t("catalogueIntelligence.preview.caption", { count: 1, name: "a.csv" })).toBe("The first row of a.csv as we read it: the header row");
    expect(t.en.t("catalogueIntelligence.preview.caption", { count: 6, name: "a.csv" })).toBe("The first 6 rows of a.csv as we read them, header row first");
    expect(t.de.t("catalogueIntelligence.preview.caption", { count: 1, name: "a.csv" })).toBe("Die erste Zeile von a.csv, wie wir sie lesen: die Kopfzeile");
  });

  it("a BMEcat catalogue's articles, counted as the page's language writes numbers", () => {
    const bmecat = (articles: number, language?: string) => ({
      encoding: null,
      delimiter: null,
      headerRow: 1,
      sheet: null,
      bmecat: { version: "2005" as const, articles, language: language ?? null },
    });
    const en = (articles: number, language?: string) => formatInWords(t.en.t, bmecat(articles, language), "en");
    expect(en(1)).toBe("BMEcat 2005 catalogue (XML), 1 article");
    expect(en(2)).toBe("BMEcat 2005 catalogue (XML), 2 articles");
    expect(en(1234)).toBe("BMEcat 2005 catalogue (XML), 1,234 articles");
    expect(en(1, "deu")).toBe("BMEcat 2005 catalogue (XML), 1 article, texts in German");
    expect(formatInWords(t.de.t, bmecat(1234, "deu"), "de")).toBe("BMEcat-2005-Katalog (XML), 1.234 Artikel, Texte auf Deutsch");
  });

  it("rows checked on the hand-over's review", () => {
    const checked = (count: number, lng: "en" | "de") => t[lng].t("handOver.review.rowsChecked", { count, formatted: String(count) });
    expect(t.en.t("handOver.review.noneRejected", { checked: checked(1, "en") })).toBe("1 row checked, none will be rejected");
    expect(t.en.t("handOver.review.rejected", { count: 1, formatted: "1", checked: checked(7, "en") })).toBe("7 rows checked: 1 row will be rejected");
    expect(t.de.t("handOver.review.noneRejected", { checked: checked(1, "de") })).toBe("1 Zeile geprüft, keine wird abgelehnt");
  });
});

describe("one error summary heading", () => {
  it("is the same in every form", () => {
    expect(t.en.t("form.errorSummary")).toBe("There is a problem");
    expect(t.de.t("form.errorSummary")).toBe("Es gibt ein Problem");
  });
});
