/**
 * What the onboarding pages refuse over real HTTP (docs/product.md §7, §11):
 * posts from another site, changes after the hand-over, an active seller,
 * every other role, and a staff member acting as the seller changing the
 * bank account or the contract; each changing nothing upstream. The
 * hand-over's refusals are in hand-over.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { stepNames } from "#contract/onboarding.ts";
import { TestBrowser } from "../support/http-client";
import { validSteps } from "../support/onboarding-fixtures";
import { DOCUMENTS_PATH, html, multipart, pdf, postForm, progressOf, resetSandbox, ROUTES, STEPS_PATH, upstreamAs } from "./onboarding-support";
import { PORTAL } from "./ports";
import { clearFaultsAndCounters, requestCount } from "./sandbox-control";

beforeAll(resetSandbox);
afterAll(resetSandbox);
beforeEach(clearFaultsAndCounters);

describe("cross-site requests", () => {
  it("refuses a POST from another site to every onboarding action with 403, changing nothing", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "owner@alpenglueck-deko.example.com");
    for (const path of ["/overview", ...stepNames.map((step) => `/shop-setup/${step}`)]) {
      const response = await browser.post(`${PORTAL}${path}`, { intent: "continue", ...validSteps["bank-account"] }, { Origin: "https://evil.example" });
      expect(response.status, path).toBe(403);
    }
    const upload = await browser.request(`${PORTAL}/shop-setup/documents`, {
      method: "POST",
      headers: { Origin: "https://evil.example" },
      body: multipart({ intent: "continue" }, { VAT_CERTIFICATE: pdf("ust.pdf") }),
    });
    expect(upload.status).toBe(403);
    const puts = await Promise.all(stepNames.map((step) => requestCount(`${STEPS_PATH}${step}`, "PUT")));
    expect(puts.every((count) => count === 0)).toBe(true);
    expect(await requestCount(DOCUMENTS_PATH, "POST")).toBe(0);
    expect(await requestCount("/onboarding/me/seller/finish-upload", "POST")).toBe(0);
  });
});

describe("read-only after the hand-over", () => {
  it("shows the steps read-only to a seller in CATALOGUE_DATA_SUBMITTED and refuses a POST, changing nothing", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "seller.submitted@example.com");
    const taskList = await html(await browser.get(`${PORTAL}/overview`));
    expect(taskList).toContain("We are checking your catalogue");
    // The answers read back as a summary list, with the reason and the way to support; nothing that looks like a field.
    const page = await html(await browser.get(`${PORTAL}/shop-setup/bank-account`));
    expect(page).toContain("can no longer be changed");
    expect(page).toMatch(/<a href="https?:\/\/[^"]+\/(help|hilfe)">Contact seller support<\/a>/);
    expect(page).toMatch(/<dl class="summary-list">[\s\S]*Commerzbank[\s\S]*<\/dl>/);
    expect(page).not.toMatch(/<(input|select|textarea)[^>]*name="(iban|bic|accountHolder)"/);
    expect(page).not.toMatch(/<fieldset[^>]*disabled/);
    expect(page).not.toContain("enter it again");
    expect(page).not.toContain("Save and continue");
    const refused = await postForm(browser, "/shop-setup/account-information", validSteps["account-information"]);
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe("/shop-setup/account-information");
    expect(await requestCount(`${STEPS_PATH}account-information`, "PUT")).toBe(0);
    expect(await html(await browser.get(`${PORTAL}/shop-setup/account-information`))).toContain("can no longer be changed");
  });

  it("redirects an ACTIVE seller away from every route, GET and POST", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "seller.active@example.com");
    for (const path of ROUTES) {
      expect((await browser.get(`${PORTAL}${path}`)).headers.get("location"), path).toBe("/default-redirect");
      expect((await postForm(browser, path, validSteps["account-information"])).headers.get("location"), `POST ${path}`).toBe("/default-redirect");
    }
    expect(await requestCount(`${STEPS_PATH}account-information`, "PUT")).toBe(0);
  });
});

describe("every other role is refused", () => {
  for (const username of [
    "viewer@example.com",
    "admin@example.com",
    "bd@example.com",
    "bd.international@example.com",
    "success@example.com",
    "operator@example.com",
    "tom@example.com",
  ]) {
    it(`${username}: GET and POST of every route, nothing changed upstream`, async () => {
      const browser = new TestBrowser();
      await browser.signIn(PORTAL, username);
      for (const path of [...ROUTES, "/overview/complete"]) {
        expect((await browser.get(`${PORTAL}${path}`)).headers.get("location"), `GET ${path}`).toBe("/default-redirect");
        expect((await postForm(browser, path, validSteps["bank-account"])).headers.get("location"), `POST ${path}`).toBe("/default-redirect");
      }
      const puts = await Promise.all(stepNames.map((step) => requestCount(`${STEPS_PATH}${step}`, "PUT")));
      expect(puts.every((count) => count === 0)).toBe(true);
      expect(await requestCount("/onboarding/me/seller/finish-upload", "POST")).toBe(0);
    });
  }
});

describe("staff acting as the seller", () => {
  let browser: TestBrowser;
  beforeAll(async () => {
    const response = await upstreamAs("admin@example.com", "/user-profile/me/user/substitute-into-seller-user", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ userProfileId: "user-alpenglueck" }),
    });
    expect(response.status).toBe(200);
    browser = new TestBrowser();
    await browser.signIn(PORTAL, "admin@example.com");
  });
  afterAll(async () => {
    await upstreamAs("admin@example.com", "/user-profile/me/user/remove-substitution", { method: "DELETE" });
  });

  it("may not change the bank account or the contract: the forms say so and the POST changes nothing", async () => {
    for (const step of ["bank-account", "contract"] as const) {
      const page = await html(await browser.get(`${PORTAL}/shop-setup/${step}`));
      expect(page).toContain("only the seller can change the bank account and the seller agreement");
      expect(page).toContain('<dl class="summary-list">');
      expect(page).not.toMatch(/<fieldset[^>]*disabled/);
      const refused = await postForm(browser, `/shop-setup/${step}`, validSteps[step]);
      expect(refused.status).toBe(303);
      expect(refused.headers.get("location")).toBe(`/shop-setup/${step}`);
      expect(await requestCount(`${STEPS_PATH}${step}`, "PUT")).toBe(0);
    }
    expect((await progressOf("owner@alpenglueck-deko.example.com")).find((step) => step.step === "bank-account")?.status).toBe("NOT_STARTED");
  });

  it("may fill in the other steps for the seller", async () => {
    const saved = await postForm(browser, "/shop-setup/account-information", { ...validSteps["account-information"], shopName: "Alpenglück Deko" });
    expect(saved.status).toBe(303);
    expect(await requestCount(`${STEPS_PATH}account-information`, "PUT")).toBe(1);
  });
});
