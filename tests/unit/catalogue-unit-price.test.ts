/**
 * Unit prices (Grundpreis) as the price indication rules of 2022 require them.
 *
 * The rules (Preisangabenverordnung, PAngV, in force since 28 May 2022): § 4 (1) — who offers consumers goods by
 * weight, volume, length or area gives the price per quantity unit beside the total price; § 5 (1) — "Die
 * Mengeneinheit für den Grundpreis ist jeweils 1 Kilogramm, 1 Liter, 1 Kubikmeter, 1 Meter oder 1 Quadratmeter
 * der Ware." (quoted by Ferner Alsdorf, "Grundpreisangabe bei loser Ware", https://www.ferner-alsdorf.de/grundpreisangabe-bei-loser-ware/,
 * and Signum, "Neue Preisangabenverordnung …", https://signum-warenwirtschaftssysteme.de/blog/36-markt/1285-neue-preisangabenverordnung-so-sind-grundpreis-und-preisermaessigungen-ab-28-mai-2022-anzugeben).
 * The old § 2 (3) sentence 2, 100 g or 100 ml for goods of at most 250 g or ml, was struck out in 2022 (Verbraucherzentrale
 * MV via Mimikama, https://www.mimikama.org/grundpreis-1-kilogramm-1-liter/: "Diese Ausnahme entfällt ersatzlos";
 * HDE in Handelsjournal, https://www.handelsjournal.de/unnoetiger-aufwand.html). Where the guidance gives no worked
 * example for a unit (cl, cm, m, m², m³), the case is the rule's arithmetic and says so.
 */
import { describe, expect, it } from "vitest";
import { categorySoldByMeasure, contentOf, referenceUnits, unitPrice } from "#app/lib/catalogue/unit-price.ts";

describe("the unit price per 1 kg, 1 l, 1 m, 1 m² or 1 m³ (PAngV § 5 (1))", () => {
  it("the reference units are those of § 5 (1), and no 100 g or 100 ml", () => {
    expect([...referenceUnits]).toEqual(["kg", "l", "m", "m²", "m³"]);
  });

  it.each([
    // Maxgreger, "Preisangabenverordnung – DAS ändert sich am 28.5.2022", https://www.maxgreger.de/preisangabenverordnung-das-aendert-sich-2022/:
    // "Preis je Flasche (0,75l): 10,– € (13,33 €/l)".
    ["wine, 0,75 l for 10,00 €", "10,00", "0,75", "l", 13.33, "l"],
    // Same source: 200 g beans for 3 € were "1,50 € / 100g" before 2022 and are "15,– € / kg" since.
    ["beans, 200 g for 3 € (g)", "3", "200", "g", 15, "kg"],
    // Wikipedia, "Grundpreis" (as mirrored at https://de.wikiup.org/wiki/Grundpreisverordnung): "Orangensaft XY 250 ml / 2,90 Euro
    // (Grundpreis pro Liter = 11,60 Euro)".
    ["orange juice, 250 ml for 2,90 € (ml)", "2,90", "250", "ml", 11.6, "l"],
    // Handelsjournal (HDE), https://www.handelsjournal.de/unnoetiger-aufwand.html: a spice of 30 g for 2,99 € shows 99,67 € per kg
    // since 2022, no longer 9,97 € per 100 g.
    ["a spice, 30 g for 2,99 € (g, small pack: per kg, not per 100 g)", "2,99", "30 g", "", 99.67, "kg"],
    // The rule's arithmetic: a pack of 1,2 kg detergent (the pack erock-marketing names, https://erock-marketing.de/blog/jtl-wawi-grundpreis)
    // for 5,99 €.
    ["detergent, 1,2 kg for 5,99 € (kg)", "5,99", "1,2", "kg", 4.99, "kg"],
    // The rule's arithmetic for the units the guidance gives no example of.
    ["spirits, 70 cl for 24,50 € (cl)", "24,50", "70", "cl", 35, "l"],
    ["ribbon, 250 cm for 3,00 € (cm)", "3,00", "250", "cm", 1.2, "m"],
    ["cable, 25 m for 19,99 € (m)", "19,99", "25", "m", 0.8, "m"],
    ["floor tiles, 1,44 m² for 35,95 € (m²)", "35,95", "1,44", "m²", 24.97, "m²"],
    ["bark mulch, 0,07 m³ for 8,40 € (m³)", "8,40", "0,07", "m³", 120, "m³"],
    ["water, a multipack 6 x 0,5 l for 2,70 € (3 l)", "2,70", "6 x 0,5 l", "", 0.9, "l"],
    ["water, 6 x 0,5 with the unit apart", "2,70", "6x0,5", "l", 0.9, "l"],
    // BMEcat: NO_CU_PER_OU with the UN/ECE code of CONTENT_UNIT.
    ["BMEcat, 0.75 LTR for 10.00", "10.00", "0.75", "LTR", 13.33, "l"],
    ["BMEcat, 500 GRM for 4.50", "4.50", "500", "GRM", 9, "kg"],
  ])("%s", (_case, price, quantity, unit, expected, per) => {
    expect(unitPrice(price, quantity, unit)).toEqual({ price: expected, per });
  });

  it("a product of exactly 1 kg or 1 l has its total price as the unit price (§ 4 (1): the unit price may then be left out)", () => {
    expect(unitPrice("1,99", "1", "l")).toEqual({ price: 1.99, per: "l" });
    expect(unitPrice("4,50", "1000 g", "")).toEqual({ price: 4.5, per: "kg" });
  });

  it("goods counted by the piece, or without a content, have no unit price", () => {
    expect(unitPrice("9,99", "12", "Stk")).toBeNull();
    expect(unitPrice("9,99", "", "")).toBeNull();
    expect(unitPrice("9,99", "1", "C62")).toBeNull();
  });
});

describe("reading a content as sellers' systems write it", () => {
  it.each([
    ["500 g", "", { kind: "measured", amount: 0.5, reference: "kg" }],
    ["500g", "", { kind: "measured", amount: 0.5, reference: "kg" }],
    ["0.75", "l", { kind: "measured", amount: 0.75, reference: "l" }],
    ["1.000,5", "g", { kind: "measured", amount: 1.0005, reference: "kg" }],
    ["6 × 500 ml", "", { kind: "measured", amount: 3, reference: "l" }],
    ["4 * 125 g", "", { kind: "measured", amount: 0.5, reference: "kg" }],
    ["2,5", "qm", { kind: "measured", amount: 2.5, reference: "m²" }],
    ["12", "", { kind: "counted" }],
    ["", "", { kind: "none" }],
    ["", "kg", { kind: "none" }],
    ["etwa ein Pfund", "", { kind: "unreadable", part: "quantity" }],
    ["500", "Schachteln", { kind: "unreadable", part: "unit" }],
    ["500 Schachteln", "", { kind: "unreadable", part: "quantity" }],
  ] as const)("%j %j", (quantity, unit, expected) => {
    expect(contentOf(quantity, unit)).toEqual(expected);
  });
});

describe("a category that says its goods are sold by weight or volume", () => {
  it.each([
    ["Food, Beverages & Tobacco > Food Items > Grains, Rice & Cereal", true],
    ["Lebensmittel > Kaffee", true],
    ["Getränke", true],
    ["Food, Beverages & Tobacco > Tobacco Products > Cigarettes", false],
    ["Home & Garden > Kitchen & Dining", false],
    ["Haushalt > Waschmittel", true],
  ])("%s → %s", (category, expected) => {
    expect(categorySoldByMeasure(category)).toBe(expected);
  });
});
