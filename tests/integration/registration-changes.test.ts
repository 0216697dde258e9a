/**
 * An active seller's registrations in my company (contract/company-changes.ts, REGISTRATIONS) over real HTTP: shown
 * on the company info page, changed through the change-request flow (form, review, confirmation, the marketplace's
 * decision). The form keeps the shop setup's rules (each number's documented form, with the field's own message);
 * the service asks each register as at onboarding and refuses a number held by another company, whoever asks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { upstreamAs } from "./onboarding-support";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, requestCount } from "./sandbox-control";
import { resetSandbox } from "./staff-support";

const FORM = "/home/my-company/company-info/registrations/change";
const CHANGES = "/seller-service/v2/seller/seller-active/changes/registrations";

let seller: TestBrowser;

async function page(path: string) {
  const response = await seller.get(`${PORTAL}${path}`);
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "").replaceAll("&amp;", "&") };
}

beforeAll(async () => {
  await resetSandbox();
  seller = new TestBrowser();
  await seller.signIn(PORTAL, "seller.active@example.com");
});
afterAll(async () => {
  await clearFaultsAndCounters();
  await resetSandbox();
});

describe("registrations in my company", () => {
  it("are shown on the company info page with a way to change them", async () => {
    const info = await page("/home/my-company/company-info");
    expect(info.status).toBe(200);
    expect(info.html).toContain("Registrations the law requires");
    // The seeded seller's shop setup predates the registrations: the packaging number, which always applies, is not on record.
    expect(info.html).toMatch(/Registration number for packaging \(LUCID\)<\/dt><dd[^>]*data-registration="PACKAGING"[^>]*>not on record</);
    expect(info.html).toMatch(/href="\/home\/my-company\/company-info\/registrations\/change"[^>]*>Change registrations</);
    const form = await page(FORM);
    expect(form.status).toBe(200);
    expect(form.html).toContain("Change your registrations");
    expect(form.html).toContain('name="packagingRegistration"');
  });

  it("a number not in its documented form gets the field's own message, the input kept, and nothing is sent", async () => {
    await clearFaultsAndCounters();
    const refused = await seller.post(`${PORTAL}${FORM}`, {
      sellsElectrical: "yes",
      sellsBatteries: "no",
      packagingRegistration: "DE2468013579246",
      weeeRegistration: "DE1234",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Enter the WEEE registration number as DE and 8 digits, like DE12345678");
    expect(html).toContain('value="DE1234"');
    expect(await requestCount(CHANGES, "POST")).toBe(0);
  });

  it("a number the register has for another company is refused on its field (by the service)", async () => {
    const refused = await seller.post(`${PORTAL}${FORM}`, {
      sellsElectrical: "yes",
      sellsBatteries: "no",
      packagingRegistration: "DE2468013579246",
      weeeRegistration: "DE11223344",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("The register has this number for another company");
    // The toast lists the field's problem in the same words, never the service's code.
    expect(html).toMatch(
      /<li class="toast__field-error"><span class="toast__field-name">weeeRegistration<!-- -->: <\/span>The register has this number for another company/,
    );
    const direct = await upstreamAs("seller.active@example.com", CHANGES, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ sellsElectrical: "yes", sellsBatteries: "no", packagingRegistration: "DE2468013579246", weeeRegistration: "DE11223344" }),
    });
    expect(direct.status).toBe(400);
    expect(JSON.stringify(await direct.json())).toContain("weeeRegistration");
  });

  it("new numbers held by the company: reviewed with the register's answer, sent, confirmed, then on record", async () => {
    const drafted = await seller.post(`${PORTAL}${FORM}`, {
      sellsElectrical: "yes",
      sellsBatteries: "no",
      packagingRegistration: "DE 2468013579246",
      weeeRegistration: "WEEE-Reg.-Nr. DE 24681357",
    });
    expect(drafted.status).toBe(303);
    const review = drafted.headers.get("location")!;
    expect(review).toMatch(/^\/home\/my-company\/changes\//);
    const reviewPage = await page(review);
    expect(reviewPage.html).toContain("Check the new registrations");
    expect(reviewPage.html).toContain("DE2468013579246 (held by your company)");
    expect(reviewPage.html).toContain("DE24681357 (held by your company)");
    const sent = await seller.post(`${PORTAL}${review}`, { intent: "submit" });
    expect(sent.headers.get("location")).toBe("/home/my-company/company-info");
    expect((await page("/home/my-company/company-info")).html).toContain("Pending.");

    await fetch(`${SANDBOX}/__sandbox/company-changes/decide`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    const info = await page("/home/my-company/company-info");
    expect(info.html).toMatch(/data-registration="PACKAGING"[^>]*>DE2468013579246</);
    expect(info.html).toMatch(/data-registration="WEEE"[^>]*>DE24681357</);
  });

  it("the form is the seller's administrator's: others are sent on, nothing drafted", async () => {
    const viewer = new TestBrowser();
    await viewer.signIn(PORTAL, "viewer@example.com");
    await clearFaultsAndCounters();
    expect((await viewer.get(`${PORTAL}${FORM}`)).headers.get("location")).toBe("/default-redirect");
    expect((await viewer.post(`${PORTAL}${FORM}`, { packagingRegistration: "DE2468013579246" })).headers.get("location")).toBe("/default-redirect");
    expect(await requestCount(CHANGES, "POST")).toBe(0);
  });
});
