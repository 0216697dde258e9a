/**
 * The hand-over sends the corrected catalogue, over HTTP against the sandbox: the review page counts each file's
 * products (ready, fixed, left out, still needing a fix) with links to them; products that still need a fix wait for
 * the seller's choice (the hand-over waits, or they are left out after a confirmation); the catalogue team then sees
 * the corrected file and the products left out with their reasons.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { postUpload, SELLER, upstreamSeller } from "./catalogue-support";
import { html, service } from "./catalogue-intelligence-support";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, requestCount, requestTimeline } from "./sandbox-control";

const FIXES_CSV = Buffer.from(
  [
    "EAN;Artikelname;Kategorie;Marke;Preis",
    "4006381440004;Wasserkocher Edelstahl;Haushalt > Küche;Kochwerk;39,90",
    "4006381440035;Stabmixer;;Kochwerk;34,90",
    "4006381440042;Küchenwaage;Haushalt > Küche;Waagenbau;zwölf",
    "4006381440073;Milchaufschäumer;;Kochwerk;19,90",
    "4006381440097;Brotbackautomat;Haushalt > Küche;Kochwerk;89,00",
    "",
  ].join("\n"),
  "utf8",
);
const COLUMNS = ["EAN", "Artikelname", "Kategorie", "Marke", "Preis"];
const FIELDS: Record<string, string> = { EAN: "EAN", Artikelname: "TITLE", Kategorie: "PRODUCT_CATEGORY", Marke: "BRAND", Preis: "PRICE" };
const SELLER_ID = "seller-catalogue";

let seller: TestBrowser;
let fileId: string;

async function post(path: string, form: Record<string, string>) {
  return seller.post(`${PORTAL}${path}`, form);
}

beforeEach(async () => {
  expect((await fetch(`${SANDBOX}/__sandbox/reset`, { method: "POST" })).status).toBe(200);
  seller = new TestBrowser();
  await seller.signIn(PORTAL, SELLER);
  expect((await post("/upload/settings", { uploadType: "DIRECT", feedFormat: "CSV", feedSchedule: "DAILY", ftpPort: "21" })).status).toBe(302);
  expect((await postUpload(seller, "katalog.csv", FIXES_CSV)).status).toBe(302);
  fileId = (await upstreamSeller()).sellerCatalogueFiles.find((file) => file.fileName === "katalog.csv")!.id;
  const mapping: Record<string, string> = { intent: "map", fileId };
  COLUMNS.forEach((header, index) => {
    mapping[`columns[${index}].header`] = header;
    mapping[`columns[${index}].field`] = FIELDS[header]!;
  });
  expect((await post(`/upload/catalog?fileId=${fileId}`, mapping)).status).toBe(302);
  expect((await seller.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}`)).status).toBe(200);
  // Row 3 fixed by hand, row 6 left out: rows 4 and 5 still need a fix.
  const product = async (row: number) =>
    (await (await service(`/me/seller/file/product?fileId=${fileId}&row=${row}`)).json()) as { version: number; product: { values: Record<string, string> } };
  const third = await product(3);
  expect(
    (
      await post(`/upload/catalog/products/product?fileId=${fileId}&row=3`, {
        intent: "correct",
        version: String(third.version),
        ...third.product.values,
        category: "Haushalt > Küche",
      })
    ).status,
  ).toBe(302);
  expect(
    (await post(`/upload/catalog/products/product?fileId=${fileId}&row=6`, { intent: "leaveOut", version: "0", reason: "Nicht mehr lieferbar" })).status,
  ).toBe(302);
  await clearFaultsAndCounters();
});

afterEach(clearFaultsAndCounters);

describe("the review before the hand-over", () => {
  it("counts the file's products with links to each list, and asks what happens to those that still need a fix", async () => {
    const review = await html(await seller.get(`${PORTAL}/overview/review`));
    expect(review).toContain(`href="/upload/catalog/products?fileId=${fileId}&amp;status=READY"`);
    expect(review).toContain(`href="/upload/catalog/products?fileId=${fileId}&amp;fixed=1"`);
    expect(review).toContain(`href="/upload/catalog/products?fileId=${fileId}&amp;status=LEFT_OUT"`);
    expect(review).toContain(`href="/upload/catalog/products?fileId=${fileId}&amp;status=NEEDS_FIX"`);
    expect(review).toContain("2 ready");
    expect(review).toContain("1 fixed");
    expect(review).toContain("1 left out");
    expect(review).toContain("2 still need a fix");
    expect(review).toContain("2 products still need a fix. What happens to them?");

    // The fixed filter lists the product fixed by hand.
    const fixed = await html(await seller.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}&fixed=1`));
    expect(fixed).toContain("Stabmixer");
    expect(fixed).not.toContain("Wasserkocher Edelstahl");

    const unchosen = await post("/overview/review", {});
    expect(unchosen.status).toBe(400);
    expect(await html(unchosen)).toContain("Choose what happens to the products that still need a fix.");
    const waiting = await post("/overview/review", { unfixed: "wait" });
    expect(waiting.status).toBe(409);
    const blocked = await html(waiting);
    expect(blocked).toContain("Not handed over: 2 products still need a fix.");
    expect(blocked).toContain(`href="/upload/catalog/products?fileId=${fileId}&amp;status=NEEDS_FIX"`);
    const asked = await post("/overview/review", { unfixed: "leaveOut" });
    expect(asked.status).toBe(200);
    expect(await html(asked)).toContain("Leave out 2 products and hand over?");
    // Nothing left out, nothing handed over before the confirmation.
    expect(await requestCount("/catalogue-upload/me/seller/file/leave-out-unfixed", "POST")).toBe(0);
    expect((await upstreamSeller()).state).toBe("ONBOARDING");
  });

  it("leaves them out once confirmed and hands over; the catalogue team sees the corrected file and the left-out products with reasons", async () => {
    const handedOver = await post("/overview/review", { unfixed: "leaveOut", confirm: "leaveOut" });
    expect(handedOver.headers.get("location")).toBe("/overview/complete");
    expect((await upstreamSeller()).state).toBe("CATALOGUE_DATA_SUBMITTED");

    const tom = new TestBrowser();
    await tom.signIn(PORTAL, "tom@example.com");
    const screen = await html(await tom.get(`${PORTAL}/product-catalogue-integration?sellerId=${SELLER_ID}`));
    const corrected = `/product-catalogue-integration/download?sellerId=${SELLER_ID}&amp;fileId=${fileId}&amp;corrected=1`;
    expect(screen).toContain(`href="${corrected}"`);
    expect(screen).toContain("3 products left out by the seller");
    expect(screen).toContain("Nicht mehr lieferbar");
    expect(screen).toContain("Still needed a fix at the hand-over");
    await clearFaultsAndCounters();
    const file = await tom.get(`${PORTAL}${corrected.replaceAll("&amp;", "&")}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain("katalog-corrected.csv");
    // The seller's file with the fix in: the left-out products stay in it.
    expect(await file.text()).toBe(FIXES_CSV.toString("utf8").replace("Stabmixer;;", "Stabmixer;Haushalt > Küche;"));
    // The access check (the seller is in integration), the corrections with the file's name and format, the file: the
    // writing asks the service nothing else before the first byte (ADR 034).
    expect((await requestTimeline("/catalogue-upload/")).map((call) => `${call.method} ${call.path}`)).toEqual([
      `GET /catalogue-upload/catalogue-integration/seller/${SELLER_ID}/info`,
      `GET /catalogue-upload/catalogue-integration/seller/${SELLER_ID}/file/corrections`,
      `GET /catalogue-upload/catalogue-integration/seller/${SELLER_ID}/download`,
    ]);
  });
});
