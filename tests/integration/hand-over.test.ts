/**
 * The guarded hand-over over real HTTP (docs/product.md §7, §8): while
 * anything is missing, a POST to hand over from any page, forged or not, is
 * answered with the missing list and sends nothing upstream; the review page
 * reads back every answer, the files' mapping and rejected rows and the
 * accepted agreement, and its confirmation alone hands over. The new routes
 * refuse every other role, GET and POST.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { stepNames } from "#contract/onboarding.ts";
import { TestBrowser } from "../support/http-client";
import { postUpload, SAMPLE_CSV, SELLER, upstreamSeller } from "./catalogue-support";
import { html as unescaped, resetSandbox } from "./onboarding-support";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, requestCount } from "./sandbox-control";

const FINISH = "/onboarding/me/seller/finish-upload";
const NEW_ROUTES = ["/overview/review", "/shop-setup/contract/pdf", "/shop-setup/address/towns?country=DE&postcode=79098"];

/** The page's HTML as text to search: entities unescaped, React's text separators gone. */
async function html(response: Response) {
  return (await unescaped(response)).replaceAll("<!-- -->", "");
}

beforeAll(resetSandbox);
afterAll(resetSandbox);
beforeEach(clearFaultsAndCounters);

/** Settings, the sample file and its mapping, through the portal (so its check of the rows is stored). */
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

describe("the hand-over while something is missing", () => {
  let browser: TestBrowser;
  beforeAll(async () => {
    // Shop setup complete, the catalogue not started: three tasks missing.
    browser = new TestBrowser();
    await browser.signIn(PORTAL, SELLER);
  });

  it("is not offered: the task list, the catalogue page and the review page list what is missing, translated, each a link", async () => {
    // The task list lists every task above its hand-over, which counts them instead.
    const taskList = await html(await browser.get(`${PORTAL}/overview`));
    expect(taskList).toContain("You can hand over your shop and catalogue once the 3 open tasks above are complete.");
    expect(taskList).not.toContain('class="missing-list"');
    for (const path of ["/upload/catalog", "/overview/review"]) {
      const page = await html(await browser.get(`${PORTAL}${path}`));
      expect(page, path).toContain("You can hand over your shop and catalogue once these 3 tasks are complete:");
      expect(page, path).toMatch(
        /class="missing-list"[\s\S]*href="\/upload\/settings"[^>]*>How your catalogue arrives<[\s\S]*href="\/upload\/catalog"[^>]*>Upload your catalogue</,
      );
      expect(page, path).not.toContain("Check your answers and hand over");
      expect(page, path).not.toMatch(/<button[^>]*>(<span[^>]*><\/span>)?Hand over shop and catalogue/);
    }
  });

  it("refuses a POST from the review page, the task list, the catalogue page and a forged one with the missing list, sending nothing upstream", async () => {
    for (const [path, body] of [
      ["/overview/review", {}],
      ["/overview", {}],
      ["/upload/catalog", { intent: "finish" }],
      ["/overview/review", { intent: "finish", force: "true" }],
    ] as const) {
      const refused = await browser.post(`${PORTAL}${path}`, body);
      expect(refused.status, path).toBe(409);
      const page = await html(refused);
      expect(page, path).toContain("Your shop and catalogue were not handed over: something is still missing.");
      expect(page, path).toMatch(/href="\/upload\/settings"[^>]*>How your catalogue arrives<\/a>/);
      // Never the service's raw words.
      expect(page, path).not.toContain("ONBOARDING_INCOMPLETE");
      expect(page, path).not.toContain(": not complete");
      expect(page, path).not.toContain("The catalogue service reported a problem");
    }
    expect(await requestCount(FINISH, "POST")).toBe(0);
    expect((await upstreamSeller()).state).toBe("ONBOARDING");
  });
});

describe("the review page and the confirmation", () => {
  let browser: TestBrowser;
  beforeAll(async () => {
    await resetSandbox();
    browser = new TestBrowser();
    await browser.signIn(PORTAL, SELLER);
    await completeCatalogue(browser);
  });

  it("offers the review from the task list and the catalogue page under one name", async () => {
    for (const path of ["/overview", "/upload/catalog"]) {
      const page = await html(await browser.get(`${PORTAL}${path}`));
      expect(page, path).toMatch(/<h2 id="hand-over-title">(<span[^>]*>3\.<\/span> )?Hand over shop and catalogue<\/h2>/);
      expect(page, path).toMatch(/<a[^>]*href="\/overview\/review"[^>]*>Check your answers and hand over<\/a>/);
    }
    expect((await browser.post(`${PORTAL}/overview`, {})).headers.get("location")).toBe("/overview/review");
    expect(await requestCount(FINISH, "POST")).toBe(0);
  });

  it("reads back every step with a change link, the files' mapping and rejected rows, and the agreement accepted", async () => {
    const page = await html(await browser.get(`${PORTAL}/overview/review`));
    expect(page).toContain("Check your answers before you hand over");
    for (const step of stepNames) expect(page, step).toMatch(new RegExp(`href="/shop-setup/${step}"[^>]*>Change<span class="visually-hidden"> `));
    // Answers of the steps, as the seed saved them.
    expect(page).toContain("Havelland Haushaltswaren");
    expect(page).toContain("DE89 ••••");
    expect(page).toContain("Commerzbank");
    expect(page).toContain("GmbH");
    expect(page).toContain("Managing director");
    expect(page).toContain("Zentrallager");
    // The agreement: version, date, who accepted.
    expect(page).toContain("Version 2026-10 of October 1, 2026");
    expect(page).toMatch(/Accepted by<\/dt><dd[^>]*><span[^>]*>Jana Vogel<\/span><span[^>]*>signed in as seller.catalogue@example.com/);
    // The catalogue: how it arrives, the file's columns and what the check found.
    expect(page).toContain("File upload in the portal");
    expect(page).toContain("Havelland Sortiment.csv");
    expect(page).toContain("EAN: column “EAN”");
    expect(page).toContain("Product category: column “Kategorie”");
    expect(page).toMatch(/\d+ rows checked(, none will be rejected|: \d+ rows? will be rejected)/);
    expect(page).toMatch(/<form[^>]*action="\/overview\/review" method="post">\s*<button type="submit"[^>]*>Hand over shop and catalogue<\/button>/);
    expect(await requestCount(FINISH, "POST")).toBe(0);
  });

  it("asks for a fresh sign-in with a code when the last is older than 10 minutes, and comes back to the review", async () => {
    const aged = await fetch(`${SANDBOX}/__sandbox/sign-ins/age`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: SELLER, seconds: 11 * 60 }),
    });
    expect(aged.status).toBe(200);
    const asked = await browser.post(`${PORTAL}/overview/review`, {});
    expect([asked.status, asked.headers.get("location")]).toEqual([303, "/login"]);
    expect(await requestCount(FINISH, "POST")).toBe(0);

    const { response, url, hops } = await browser.navigate(`${PORTAL}/login`);
    const authorize = new URL(hops[0]!.location!);
    expect(authorize.searchParams.get("prompt")).toBe("login");
    expect(authorize.searchParams.get("max_age")).not.toBeNull();
    const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(await response.text())![1]!.replaceAll("&amp;", "&");
    const atCode = await browser.follow(await browser.post(new URL(action, url).toString(), { username: SELLER, password: "demo" }), url);
    expect(new URL(atCode.url).pathname).toMatch(/\/code$/);
    const back = await browser.enterSignInCode(atCode.url, SELLER);
    expect(back.url).toBe(`${PORTAL}/overview/review`);
    expect(await html(back.response)).toContain("Hand over shop and catalogue</button>");
    expect(await requestCount(FINISH, "POST")).toBe(0);
  });

  it("refuses a confirmation from another site, then hands over on the real one and says what happens next", async () => {
    expect((await browser.post(`${PORTAL}/overview/review`, {}, { Origin: "https://evil.example" })).status).toBe(403);
    expect(await requestCount(FINISH, "POST")).toBe(0);

    const confirmed = await browser.post(`${PORTAL}/overview/review`, {});
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/overview/complete");
    expect(await requestCount(FINISH, "POST")).toBe(1);
    expect((await upstreamSeller()).state).toBe("CATALOGUE_DATA_SUBMITTED");
    const complete = await html(await browser.get(`${PORTAL}/overview/complete`));
    expect(complete).toContain("Thank you: your shop and catalogue are handed over");
    expect(complete).toContain("3 to 5 working days");

    // Handed over: the review has nothing left to confirm, and a second POST changes nothing.
    expect((await browser.get(`${PORTAL}/overview/review`)).headers.get("location")).toBe("/overview/complete");
    expect((await browser.post(`${PORTAL}/overview/review`, {})).headers.get("location")).toBe("/overview/complete");
    expect(await requestCount(FINISH, "POST")).toBe(1);
  });
});

describe("the new routes refuse everyone but the seller's administrator", () => {
  for (const username of ["viewer@example.com", "admin@example.com", "success@example.com", "tom@example.com", "seller.active@example.com"]) {
    it(`${username}: GET and POST, nothing sent to hand over`, async () => {
      const browser = new TestBrowser();
      await browser.signIn(PORTAL, username);
      for (const path of NEW_ROUTES) {
        expect((await browser.get(`${PORTAL}${path}`)).headers.get("location"), `GET ${path}`).toBe("/default-redirect");
        expect((await browser.post(`${PORTAL}${path}`, {})).headers.get("location"), `POST ${path}`).toBe("/default-redirect");
      }
      expect(await requestCount(FINISH, "POST")).toBe(0);
    });
  }

  it("another seller's administrator reads only their own: the review of a seller who handed over sends them on", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "seller.submitted@example.com");
    expect((await browser.get(`${PORTAL}/overview/review`)).headers.get("location")).toBe("/overview/complete");
    expect((await browser.post(`${PORTAL}/overview/review`, {})).headers.get("location")).toBe("/overview/complete");
    expect(await requestCount(FINISH, "POST")).toBe(0);
  });
});
