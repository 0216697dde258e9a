/**
 * Product safety and unit prices in the products view, over HTTP against the sandbox: a file of goods sold by
 * weight and volume (tests/fixtures/catalogues/grundpreise-lebensmittel.csv) shows each product's unit price per
 * 1 kg or 1 l, flags the product without a content quantity with its unit price missing, and the product form fixes
 * it (a content the rules cannot read refused first); a manufacturer outside the EU without a responsible person is
 * flagged until its name and address are given; the corrected file carries the fixes. The rules themselves:
 * tests/unit/catalogue-unit-price.test.ts and catalogue-compliance-checks.test.ts.
 */
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { postUpload, upstreamSeller } from "./catalogue-support";
import { html, SELLER, service } from "./catalogue-intelligence-support";
import { PORTAL, SANDBOX } from "./ports";

const FOOD_CSV = readFileSync(new URL("../fixtures/catalogues/grundpreise-lebensmittel.csv", import.meta.url));
const TEA_CSV = Buffer.from(
  [
    "Artikelnummer;EAN;Artikelname;Preis;Herstellerland;Verantwortliche Person;Anschrift verantwortliche Person",
    "T-1;4012345600056;Grüntee Sencha;6,49;China;;",
    "T-2;4012345600063;Jasmintee;5,99;China;Teehaus Import GmbH;Hafenstraße 12, 20457 Hamburg, Deutschland",
    "T-3;4012345600070;Kräutertee;3,99;Deutschland;;",
    "",
  ].join("\n"),
  "utf8",
);

let browser: TestBrowser;

async function upload(fileName: string, bytes: Buffer): Promise<string> {
  expect((await postUpload(browser, fileName, bytes)).status).toBe(302);
  const fileId = (await upstreamSeller()).sellerCatalogueFiles.find((file) => file.fileName === fileName)!.id;
  // The first view writes the products index.
  expect((await browser.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}`)).status).toBe(200);
  return fileId;
}

const productUrl = (fileId: string, row: number) => `${PORTAL}/upload/catalog/products/product?fileId=${fileId}&row=${row}`;
const stored = async (fileId: string, row: number) =>
  (await (await service(`/me/seller/file/product?fileId=${fileId}&row=${row}`)).json()) as {
    version: number;
    product: { status: string; values: Record<string, string>; problems: { kind: string; field: string | null }[] };
  };

beforeEach(async () => {
  expect((await fetch(`${SANDBOX}/__sandbox/reset`, { method: "POST" })).status).toBe(200);
  browser = new TestBrowser();
  await browser.signIn(PORTAL, SELLER);
});

describe("unit prices in the products view", () => {
  it("shows each product's unit price per 1 kg or 1 l, and flags the one without a content with its unit price missing", async () => {
    const fileId = await upload("grundpreise-lebensmittel.csv", FOOD_CSV);
    const view = await html(await browser.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}`));
    expect(view).toContain("Unit price");
    // 8,99 € for 500 g; 12,90 € for 0,75 l; 2,70 € for 6 x 0,5 l; 5,99 € for 75 g.
    expect(view).toContain("€17.98 per 1 kg (500 g)");
    expect(view).toContain("€17.20 per 1 l (0,75 l)");
    expect(view).toContain("€0.90 per 1 l (6 x 0,5 l)");
    expect(view).toContain("€79.87 per 1 kg (75 g)");
    expect(view).toContain("Sold by weight, volume, length or area, but no content: the unit price is missing (Content (quantity))");

    const kind = await html(await browser.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}&kind=CONTENT_QUANTITY_MISSING`));
    expect(kind).toContain("Espresso Intenso");
    expect(kind).not.toContain("Kaffee Crema");
    expect(kind).toMatch(/<td><span class="mapping__empty">missing<\/span><\/td>/);
  });

  it("in German: the unit price per 1 kg, and the problem in words", async () => {
    const fileId = await upload("grundpreise-lebensmittel.csv", FOOD_CSV);
    await browser.post(`${PORTAL}/language`, { language: "de", redirectTo: "/upload/catalog" });
    const view = await html(await browser.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}`));
    expect(view).toMatch(/17,98\s€ je 1 kg \(500 g\)/);
    expect(view).toContain("Nach Gewicht, Volumen, Länge oder Fläche verkauft, aber ohne Inhalt: der Grundpreis fehlt");
  });

  it("the product form says how to fix it, refuses a content it cannot read, and saves one it can: the product is ready with its unit price", async () => {
    const fileId = await upload("grundpreise-lebensmittel.csv", FOOD_CSV);
    const form = await html(await browser.get(productUrl(fileId, 3)));
    expect(form).toContain('name="contentQuantity"');
    expect(form).toContain("Enter the content the price is for, e.g. 500 g, 0,75 l, 2,5 m or 6 x 0,5 l");
    expect(form).toMatch(/Unit price: <span class="mapping__empty">missing<\/span>/);

    const values = {
      intent: "correct",
      version: "0",
      sku: "LM-1002",
      ean: "4012345600025",
      title: "Espresso Intenso",
      price: "9,49",
      category: "Lebensmittel > Kaffee",
      contentUnit: "g",
      responsiblePerson: "",
      responsiblePersonAddress: "",
    };
    const refused = await browser.post(productUrl(fileId, 3), { ...values, contentQuantity: "ein Pfund" });
    expect(refused.status).toBe(400);
    const page = await html(refused);
    expect(page).toMatch(/id="product-contentQuantity-error"[^>]*>.*Content or its unit cannot be read/s);
    expect(page).toContain('value="ein Pfund"');
    expect((await stored(fileId, 3)).product.values.contentQuantity).toBe("");

    expect((await browser.post(productUrl(fileId, 3), { ...values, contentQuantity: "250" })).status).toBe(302);
    expect(await stored(fileId, 3)).toMatchObject({ version: 1, product: { status: "READY", values: { contentQuantity: "250" }, problems: [] } });
    const fixed = await html(await browser.get(productUrl(fileId, 3)));
    expect(fixed).toContain("Unit price: €37.96 per 1 kg (250 g)");
    expect(await html(await browser.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}`))).toContain("€37.96 per 1 kg (250 g)");

    // The corrected file: the content in its column, the rest as sent.
    const corrected = await browser.get(`${PORTAL}/upload/catalog/corrected?fileId=${fileId}`);
    expect(corrected.status).toBe(200);
    expect(Buffer.from(await corrected.arrayBuffer()).toString("utf8")).toBe(
      FOOD_CSV.toString("utf8").replace("Espresso Intenso;Lebensmittel > Kaffee;9,49;;g", "Espresso Intenso;Lebensmittel > Kaffee;9,49;250;g"),
    );
  });
});

describe("the responsible person in the EU", () => {
  it("is asked of a manufacturer outside the EU alone, and the problem stays until its name and address are both given", async () => {
    const fileId = await upload("tee-hersteller.csv", TEA_CSV);
    const kind = await html(await browser.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}&kind=RESPONSIBLE_PERSON_MISSING`));
    expect(kind).toContain("Grüntee Sencha");
    expect(kind).not.toContain("Jasmintee");
    expect(kind).not.toContain("Kräutertee");
    expect(kind).toContain("Manufacturer outside the EU without a responsible person in the EU (name and address) (Responsible person in the EU)");
    const form = await html(await browser.get(productUrl(fileId, 2)));
    expect(form).toContain('name="responsiblePerson"');
    expect(form).toContain("The manufacturer is outside the EU: enter the name and the postal address of its responsible person in the EU");

    const values = { intent: "correct", sku: "T-1", ean: "4012345600056", title: "Grüntee Sencha", price: "6,49" };
    expect(
      (await browser.post(productUrl(fileId, 2), { ...values, version: "0", responsiblePerson: "Teehaus Import GmbH", responsiblePersonAddress: "" })).status,
    ).toBe(302);
    // Saved with the name: the address is what is still missing.
    expect((await stored(fileId, 2)).product).toMatchObject({
      status: "NEEDS_FIX",
      problems: [{ kind: "RESPONSIBLE_PERSON_MISSING", field: "RESPONSIBLE_PERSON_ADDRESS" }],
    });
    expect(
      (
        await browser.post(productUrl(fileId, 2), {
          ...values,
          version: "1",
          responsiblePerson: "Teehaus Import GmbH",
          responsiblePersonAddress: "Hafenstraße 12, 20457 Hamburg, Deutschland",
        })
      ).status,
    ).toBe(302);
    expect((await stored(fileId, 2)).product).toMatchObject({ status: "READY", problems: [] });
  });
});
