/**
 * What a past-due obligation holds back, enforced over real HTTP (contract/obligations.ts, contract/payouts.ts): the
 * marketplace's rules name the restrictions, the sandbox's clock is moved (never the portal's) past the date an ID
 * document runs out, and then
 * - payouts: the seller service's payout schedule says they are held and by what (asked directly), and the bank
 *   account page says so in English and German with where to act;
 * - the hand-over: the review page says why it cannot hand over, with a link to where to act and no button; a
 *   confirmation posted all the same is refused before anything is sent; the service refuses it too, whoever asks.
 * And an expiring ID replaced in the portal: the active seller uploads a new ID document with its expiry date in
 * the legal documents (a change of my company, reviewed and confirmed); once the marketplace confirms it, the sandbox
 * computes the obligation from the new date and it is gone.
 */
import { addDays } from "#contract/obligations.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { pdfBytes } from "../support/onboarding-fixtures";
import { postUpload, SAMPLE_CSV, upstreamSeller } from "./catalogue-support";
import { upstreamAs } from "./onboarding-support";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, requestCount } from "./sandbox-control";
import { resetSandbox } from "./staff-support";
import { ACTIVE_SELLER_ID_VALID_DAYS } from "../../sandbox/seed-onboarding.ts";

const ACTIVE = "seller.active@example.com";
const ONBOARDING = "seller.catalogue@example.com";
const FINISH = "/onboarding/me/seller/finish-upload";
/** The onboarding seller's ID as seeded runs out on this day (sandbox/seed-onboarding.ts). */
const ONBOARDING_ID_EXPIRY = "2034-05-31";

type Schedule = { state: string; nextPayoutDate: string; heldBy: { id: string; subject: string; actionPath: string }[] };

async function page(browser: TestBrowser, path: string) {
  const response = await browser.get(`${PORTAL}${path}`);
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "").replaceAll("&amp;", "&") };
}

async function clock(body: { today: string } | { offsetDays: number }) {
  const response = await fetch(`${SANDBOX}/__sandbox/clock`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
}

async function payouts(username: string, sellerId: string): Promise<{ status: number; body: Schedule }> {
  const response = await upstreamAs(username, `/seller-service/v2/seller/${sellerId}/payouts`);
  return { status: response.status, body: (await response.json()) as Schedule };
}

beforeAll(resetSandbox);
afterAll(async () => {
  await clearFaultsAndCounters();
  await resetSandbox();
});

describe("payouts held by a past-due ID document", () => {
  let seller: TestBrowser;
  let dueDate: string;
  beforeAll(async () => {
    const { seededOn } = (await (await fetch(`${SANDBOX}/__sandbox/clock`)).json()) as { seededOn: string };
    dueDate = addDays(seededOn, ACTIVE_SELLER_ID_VALID_DAYS - 1);
    seller = new TestBrowser();
    await seller.signIn(PORTAL, ACTIVE);
  });

  it("on the real calendar: scheduled, the next payout day on the bank account page", async () => {
    const schedule = await payouts(ACTIVE, "seller-active");
    expect(schedule.status).toBe(200);
    expect(schedule.body).toMatchObject({ state: "SCHEDULED", heldBy: [] });
    const bank = await page(seller, "/home/my-company/bank-account");
    expect(bank.status).toBe(200);
    const shown = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${schedule.body.nextPayoutDate}T00:00:00Z`));
    expect(bank.html).toContain(`Your next payout goes out on ${shown}, to the account below.`);
    expect(bank.html).not.toContain('data-obligation-restricted="PAYOUTS"');
  });

  it("still due (the day before): not held yet", async () => {
    await clock({ today: dueDate });
    expect((await payouts(ACTIVE, "seller-active")).body.state).toBe("SCHEDULED");
  });

  it("past due: the service's schedule says held and by what, to the seller's users and staff", async () => {
    await clock({ today: addDays(dueDate, 1) });
    const schedule = await payouts(ACTIVE, "seller-active");
    expect(schedule.body.state).toBe("HELD");
    expect(schedule.body.heldBy).toEqual([
      expect.objectContaining({ id: `identity-document-expiry:${dueDate}`, subject: "IDENTITY_DOCUMENT", actionPath: "/home/my-company/legal-documents" }),
    ]);
    expect((await payouts("success@example.com", "seller-active")).body.state).toBe("HELD");
    // Another seller's schedule is not this seller's to read.
    expect((await payouts(ACTIVE, "seller-catalogue")).status).toBe(404);
  });

  it("past due: the bank account page says payouts are held, why, and where to act, in English and German", async () => {
    const bank = await page(seller, "/home/my-company/bank-account");
    expect(bank.html).toContain('data-obligation-restricted="PAYOUTS"');
    expect(bank.html).toContain("Your payouts are held: something the marketplace needs from you is past due.");
    expect(bank.html).toContain("A valid ID document of your representative");
    expect(bank.html).toMatch(/href="\/home\/my-company\/legal-documents"[^>]*>Take care of it: A valid ID document of your representative</);

    await seller.post(`${PORTAL}/language`, { language: "de", redirectTo: "/home/my-company/bank-account" });
    const german = await page(seller, "/home/my-company/bank-account");
    expect(german.html).toContain("Ihre Auszahlungen werden zurückgehalten: Etwas, das der Marktplatz von Ihnen braucht, ist überfällig.");
    expect(german.html).toMatch(/href="\/home\/my-company\/legal-documents"[^>]*>Jetzt erledigen: Ein gültiges Ausweisdokument/);
    await seller.post(`${PORTAL}/language`, { language: "en", redirectTo: "/home/my-company/bank-account" });
  });

  it("back on the real calendar: scheduled again", async () => {
    await clock({ offsetDays: 0 });
    expect((await payouts(ACTIVE, "seller-active")).body.state).toBe("SCHEDULED");
    expect((await page(seller, "/home/my-company/bank-account")).html).not.toContain('data-obligation-restricted="PAYOUTS"');
  });
});

/** Settings, the sample file and its mapping, through the portal: the catalogue complete, the hand-over next. */
async function completeCatalogue(browser: TestBrowser) {
  await browser.post(`${PORTAL}/upload/settings`, { uploadType: "DIRECT", feedFormat: "CSV", feedSchedule: "DAILY", ftpPort: "21" });
  const uploaded = await postUpload(browser, "Havelland Sortiment.csv", SAMPLE_CSV);
  const fileId = new URL(uploaded.headers.get("location")!, PORTAL).searchParams.get("fileId")!;
  const columns = { EAN: "EAN", Artikelname: "TITLE", Kategorie: "PRODUCT_CATEGORY", Marke: "", Preis: "PRICE", Bestand: "", Farbe: "" };
  const form: Record<string, string> = { intent: "map", fileId };
  Object.entries(columns).forEach(([header, field], index) => {
    form[`columns[${index}].header`] = header;
    form[`columns[${index}].field`] = field;
  });
  expect((await browser.post(`${PORTAL}/upload/catalog?fileId=${fileId}`, form)).status).toBe(302);
}

describe("the hand-over held by a past-due ID document", () => {
  let seller: TestBrowser;
  beforeAll(async () => {
    await resetSandbox();
    seller = new TestBrowser();
    await seller.signIn(PORTAL, ONBOARDING);
    await completeCatalogue(seller);
  });

  it("on the real calendar: the review offers the hand-over", async () => {
    const review = await page(seller, "/overview/review");
    expect(review.html).toMatch(/<button type="submit"[^>]*>Hand over shop and catalogue<\/button>/);
    expect(review.html).not.toContain('data-obligation-restricted="HAND_OVER"');
  });

  it("past due: the review says why, links to where to act, and offers no button", async () => {
    await clock({ today: addDays(ONBOARDING_ID_EXPIRY, 1) });
    const review = await page(seller, "/overview/review");
    expect(review.status).toBe(200);
    expect(review.html).toContain('data-obligation-restricted="HAND_OVER"');
    expect(review.html).toContain("You cannot hand over your shop and catalogue right now: something the marketplace needs from you is past due.");
    expect(review.html).toMatch(/href="\/shop-setup\/identification"[^>]*>Take care of it: A valid ID document of your representative</);
    expect(review.html).not.toMatch(/<button type="submit"[^>]*>Hand over shop and catalogue<\/button>/);

    await seller.post(`${PORTAL}/language`, { language: "de", redirectTo: "/overview/review" });
    const german = await page(seller, "/overview/review");
    expect(german.html).toContain("Sie können Ihren Shop und Katalog gerade nicht übergeben: Etwas, das der Marktplatz von Ihnen braucht, ist überfällig.");
    await seller.post(`${PORTAL}/language`, { language: "en", redirectTo: "/overview/review" });
  });

  it("past due: a confirmation posted all the same is refused before anything is sent; the service refuses it too", async () => {
    await clearFaultsAndCounters();
    const refused = await seller.post(`${PORTAL}/overview/review`, {});
    expect(refused.status).toBe(409);
    const html = (await refused.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Your shop and catalogue were not handed over: a past-due obligation holds back the hand-over.");
    expect(html).toContain('href="/shop-setup/identification"');
    expect(await requestCount(FINISH, "POST")).toBe(0);

    const direct = await upstreamAs(ONBOARDING, FINISH, { method: "POST" });
    expect(direct.status).toBe(409);
    expect(((await direct.json()) as { errorCode: string }).errorCode).toBe("OBLIGATION_PAST_DUE");
    expect((await upstreamSeller()).state).toBe("ONBOARDING");
  });

  it("back on the real calendar: the hand-over goes through", async () => {
    await clock({ offsetDays: 0 });
    const confirmed = await seller.post(`${PORTAL}/overview/review`, {});
    expect([confirmed.status, confirmed.headers.get("location")]).toEqual([303, "/overview/complete"]);
    expect((await upstreamSeller()).state).toBe("CATALOGUE_DATA_SUBMITTED");
  });
});

describe("an expiring ID replaced in the legal documents", () => {
  let seller: TestBrowser;
  let dueDate: string;
  beforeAll(async () => {
    await resetSandbox();
    const { seededOn } = (await (await fetch(`${SANDBOX}/__sandbox/clock`)).json()) as { seededOn: string };
    dueDate = addDays(seededOn, ACTIVE_SELLER_ID_VALID_DAYS - 1);
    seller = new TestBrowser();
    await seller.signIn(PORTAL, ACTIVE);
  });

  const idForm = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    body.set("file", new Blob([pdfBytes], { type: "application/pdf" }), "personalausweis-2036.pdf");
    return seller.request(`${PORTAL}/home/my-company/legal-documents/new`, { method: "POST", body });
  };

  it("due in 10 days: the legal documents offer a new ID document, the form asks its expiry date", async () => {
    await clock({ today: addDays(dueDate, -10) });
    expect((await page(seller, "/home/overview")).html).toContain("A valid ID document of your representative");
    const documents = await page(seller, "/home/my-company/legal-documents");
    expect(documents.html).toContain("ID document of your representative");
    expect(documents.html).toMatch(/href="\/home\/my-company\/legal-documents\/new\?kind=IDENTITY_DOCUMENT"[^>]*>Upload a new ID document</);
    const form = await page(seller, "/home/my-company/legal-documents/new?kind=IDENTITY_DOCUMENT");
    expect(form.status).toBe(200);
    expect(form.html).toMatch(/<option value="IDENTITY_DOCUMENT" selected="">ID document of your representative<\/option>/);
    expect(form.html).toMatch(/<input[^>]*type="date"[^>]*name="expiryDate"|<input[^>]*name="expiryDate"[^>]*type="date"/);
  });

  it("an ID document without its expiry date, or one that has expired, is refused with a clear message; nothing is drafted", async () => {
    await clearFaultsAndCounters();
    const missing = await idForm({ documentKind: "IDENTITY_DOCUMENT" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Enter the date until which the document is valid");
    const expired = await idForm({ documentKind: "IDENTITY_DOCUMENT", expiryDate: "2020-01-31" });
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain("The document has expired");
    expect(await requestCount("/seller-service/v2/seller/seller-active/changes/legal-documents", "POST")).toBe(0);
    // The service checks it too.
    const direct = new FormData();
    direct.set("documentKind", "IDENTITY_DOCUMENT");
    direct.set("file", new Blob([pdfBytes], { type: "application/pdf" }), "id.pdf");
    const refused = await upstreamAs(ACTIVE, "/seller-service/v2/seller/seller-active/changes/legal-documents", { method: "POST", body: direct });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("expiryDate");
  });

  it("a new ID with a later expiry: reviewed with its date, sent, confirmed by the marketplace, and the obligation is gone", async () => {
    const later = addDays(dueDate, 3650);
    const drafted = await idForm({ documentKind: "IDENTITY_DOCUMENT", expiryDate: later });
    expect(drafted.status).toBe(303);
    const review = drafted.headers.get("location")!;
    const reviewPage = await page(seller, review);
    expect(reviewPage.html).toContain("personalausweis-2036.pdf");
    expect(reviewPage.html).toContain("ID document valid until");
    const shown = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${later}T00:00:00Z`));
    expect(reviewPage.html).toContain(shown);
    const sent = await seller.post(`${PORTAL}${review}`, { intent: "submit" });
    expect(sent.headers.get("location")).toBe("/home/my-company/legal-documents");
    expect((await page(seller, "/home/my-company/legal-documents")).html).toContain("Waiting for the marketplace");
    // Sent, not yet confirmed: still owed.
    expect((await page(seller, "/home/overview")).html).toContain("A valid ID document of your representative");

    await fetch(`${SANDBOX}/__sandbox/company-changes/decide`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    const overview = await page(seller, "/home/overview");
    expect(overview.html).not.toContain("A valid ID document of your representative");
    const documents = await page(seller, "/home/my-company/legal-documents");
    expect(documents.html).toContain("personalausweis-2036.pdf");
    expect(documents.html).toContain("(valid until");

    // Past the old date on the marketplace's calendar: nothing owed, nothing held back.
    await clock({ today: addDays(dueDate, 1) });
    expect((await payouts(ACTIVE, "seller-active")).body.state).toBe("SCHEDULED");
    const obligations = (await (await fetch(`${SANDBOX}/__sandbox/obligations/seller-active`)).json()) as { obligations: unknown[] };
    expect(obligations.obligations).toEqual([]);
    await clock({ offsetDays: 0 });
  });
});
