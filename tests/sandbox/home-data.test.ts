/** The seller home's sandbox data: computed, deterministic, complete; guest tokens that cannot be forged. */
import { describe, expect, it } from "vitest";
import { issueGuestToken, verifyGuestToken } from "../../sandbox/guest-tokens";
import { dashboardData, HISTORY_DAYS, lastRecomputation } from "../../sandbox/home-data";
import { affectedProducts, gmvExplanationHtml, recommendedActions } from "../../sandbox/home-recommendations";
import { warehouse, warehouseFindings } from "../../sandbox/home-company";
import { shopsOf } from "../../sandbox/seed-home";

const NOW = Date.parse("2026-11-22T10:00:00Z");

describe("computed dashboard figures", () => {
  const shops = shopsOf("seller-active");

  it("are as of the last nightly run, never of one still to come", () => {
    // 00:46 UTC: today's 04:00 run has not happened yet.
    const beforeRun = Date.parse("2026-11-28T00:46:00Z");
    expect(lastRecomputation(beforeRun)).toBe("2026-11-27T04:00:00.000Z");
    expect(dashboardData("sales", shops, "2026-11-01", "2026-11-28", beforeRun).dataAsOf).toBe("2026-11-27T04:00:00.000Z");
    expect(lastRecomputation(Date.parse("2026-11-28T04:00:00Z"))).toBe("2026-11-28T04:00:00.000Z");
    expect(lastRecomputation(Date.parse("2026-11-28T23:59:00Z"))).toBe("2026-11-28T04:00:00.000Z");
  });

  it("are the same on every call", () => {
    expect(dashboardData("sales", shops, "2026-01-01", "2026-03-31", NOW)).toEqual(dashboardData("sales", shops, "2026-01-01", "2026-03-31", NOW));
  });

  it("cover 400 days per shop, ending today, and nothing outside", () => {
    const all = dashboardData("sales", shops, "2024-01-01", "2027-01-01", NOW);
    const gmv = all.metrics.find((metric) => metric.key === "gmv")!;
    expect(gmv.points).toHaveLength(HISTORY_DAYS);
    expect(gmv.points.at(-1)!.date).toBe("2026-11-22");
  });

  it("add amounts over shops and keep rates within 0–100 %", () => {
    const one = dashboardData("sales", shops.slice(0, 1), "2026-10-01", "2026-10-31", NOW).metrics[0]!;
    const both = dashboardData("sales", shops.slice(0, 2), "2026-10-01", "2026-10-31", NOW).metrics[0]!;
    expect(both.total).toBeGreaterThan(one.total);
    for (const tab of ["service", "performance", "oci", "products"] as const) {
      for (const metric of dashboardData(tab, shops, "2025-11-01", "2026-11-22", NOW).metrics.filter((m) => m.unit === "PERCENT")) {
        for (const point of metric.points) expect(point.value, `${metric.key} ${point.date}`).toBeLessThanOrEqual(100);
      }
    }
  });
});

describe("recommended actions", () => {
  it("has every kind for the seller with three shops, with hostile markup in some texts", () => {
    const actions = recommendedActions("seller-active", NOW);
    expect(new Set(actions.map((action) => action.kind))).toEqual(
      new Set(["PRODUCT_NOT_ONLINE", "PRODUCTS_NOT_FOUND", "PRODUCT_IMPORT_ERRORS", "OFFERS_MAY_BE_OFFLINE_SOON"]),
    );
    expect(actions.some((action) => /onerror|<script|javascript:/.test(action.descriptionHtml))).toBe(true);
    expect(actions.some((action) => action.descriptionHtml.includes("<app-link"))).toBe(true);
  });

  it("pages the affected products and gives each a valid EAN-13", () => {
    const action = recommendedActions("seller-active", NOW).find((candidate) => candidate.productCount > 20)!;
    const page1 = affectedProducts(action, 1, 20, NOW);
    const page2 = affectedProducts(action, 2, 20, NOW);
    expect(page1).toHaveLength(20);
    expect(page1.length + page2.length).toBe(Math.min(action.productCount, 40));
    for (const product of page1) {
      const digits = [...product.ean].map(Number);
      const sum = digits.slice(0, 12).reduce((acc, digit, i) => acc + digit * (i % 2 === 0 ? 1 : 3), 0);
      expect(digits[12]).toBe((10 - (sum % 10)) % 10);
    }
  });

  it("writes its texts in German when asked, with the same links and the same products as in English", () => {
    const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    const english = recommendedActions("seller-active", NOW, "en");
    const german = recommendedActions("seller-active", NOW, "de");
    expect(german.map(({ descriptionHtml: _, ...facts }) => facts)).toEqual(english.map(({ descriptionHtml: _, ...facts }) => facts));
    german.forEach((action, index) => {
      expect(hrefs(action.descriptionHtml), action.id).toEqual(hrefs(english[index]!.descriptionHtml));
      expect(action.descriptionHtml, action.id).not.toBe(english[index]!.descriptionHtml);
    });
    expect(german.find((action) => action.kind === "PRODUCTS_NOT_FOUND")!.descriptionHtml).toContain("Prüfen Sie die EANs in");
    const [first] = affectedProducts(german[0]!, 1, 1, NOW, "de");
    const [same] = affectedProducts(english[0]!, 1, 1, NOW, "en");
    expect({ ...first, reason: "" }).toEqual({ ...same, reason: "" });
    expect(first!.reason).not.toBe(same!.reason);
    expect(hrefs(gmvExplanationHtml.de)).toEqual(hrefs(gmvExplanationHtml.en));
  });

  it("writes whole sentences, each starting with a capital or a number, in both languages", () => {
    for (const language of ["en", "de"] as const) {
      for (const action of recommendedActions("seller-active", NOW, language)) {
        const paragraphs = [...action.descriptionHtml.matchAll(/<p>(.*?)<\/p>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, ""));
        expect(paragraphs.length, action.id).toBeGreaterThan(0);
        for (const paragraph of paragraphs) {
          expect(paragraph, `${language} ${action.id}`).toMatch(/[.:]$/);
          for (const sentence of paragraph.split(/(?<=\.) /)) expect(sentence, `${language} ${action.id}`).toMatch(/^[\p{Lu}\d]/u);
        }
      }
    }
  });

  it("seller.small has one shop", () => {
    expect(shopsOf("seller-small")).toHaveLength(1);
    expect(new Set(recommendedActions("seller-small", NOW).map((action) => action.shopId)).size).toBe(1);
  });
});

describe("guest tokens", () => {
  it("name their dashboard and seller, and expire", () => {
    const { token } = issueGuestToken("dash-sales-9b41", "seller-active", NOW);
    expect(verifyGuestToken(token, NOW + 1000)).toMatchObject({ dashboardId: "dash-sales-9b41", sellerId: "seller-active" });
    expect(verifyGuestToken(token, NOW + 10 * 60_000)).toBeUndefined();
  });

  it("cannot be altered", () => {
    const { token } = issueGuestToken("dash-sales-9b41", "seller-small", NOW);
    const [payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ dashboardId: "dash-sales-9b41", sellerId: "seller-active", exp: NOW + 60_000 })).toString("base64url");
    expect(verifyGuestToken(`${forged}.${signature}`, NOW)).toBeUndefined();
    // One character of the signature changed (to one it is not: the signature itself is random).
    const altered = `${signature!.startsWith("x") ? "y" : "x"}${signature!.slice(1)}`;
    expect(verifyGuestToken(`${payload}.${altered}`, NOW)).toBeUndefined();
    expect(verifyGuestToken(undefined, NOW)).toBeUndefined();
  });
});

describe("a warehouse's validation", () => {
  it("finds the same problems in English and German, each in its language", () => {
    const failing = warehouse("seller-active", "wh-seller-active-2")!;
    const english = warehouseFindings(failing, "en");
    const german = warehouseFindings(failing, "de");
    expect(english).toHaveLength(2);
    expect(german).toHaveLength(english.length);
    expect(german[0]).toMatch(/^Annahmeschluss 15:30 liegt nach 14:00/);
    expect(german[1]).toMatch(/^Eine Bearbeitungszeit von 5 Werktagen/);
  });
});
