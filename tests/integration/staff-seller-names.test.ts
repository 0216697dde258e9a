/**
 * What the seller entered is what staff see (issue 38, point 10), over real HTTP: the company name a seller saves
 * in the shop setup's company information finds the seller in the staff's search, and the seller list, the seller
 * page and the confirmation pages show it, labelled, beside the name from the invitation where the two differ.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { validSteps } from "../support/onboarding-fixtures";
import { COMPANY } from "./my-company-forms";
import { html, postForm } from "./onboarding-support";
import { PORTAL, SANDBOX } from "./ports";
import { as, resetSandbox } from "./staff-support";

const INVITED = "Frischer Wind Handel UG";
const REGISTERED = "Frischer Wind Versandhandel UG (haftungsbeschränkt)";

/** The seller list's row of one seller: from its name cell to the end of its row. */
function rowOf(page: string, sellerId: string): string {
  const start = page.indexOf(`href="/sellers/${sellerId}"`);
  expect(start).toBeGreaterThan(-1);
  return page.slice(start, page.indexOf("</tr>", start));
}

beforeAll(resetSandbox);
afterAll(resetSandbox);

describe("a seller's registered name beside the invitation's", () => {
  it("is not found by a name nobody saved yet", async () => {
    const list = await html(await (await as("OPERATOR_SUCCESSMANAGER")).get(`${PORTAL}/seller-list?search=${encodeURIComponent("versandhandel")}`));
    expect(list).toContain("No sellers match these filters");
  });

  it("finds the seller by the registered name and by the invitation's, and shows both, labelled, on the list and the seller page", async () => {
    const seller = new TestBrowser();
    await seller.signIn(PORTAL, "seller.new@example.com");
    const saved = await postForm(seller, "/shop-setup/company-information", { ...validSteps["company-information"], legalName: REGISTERED });
    expect(saved.status).toBe(303);

    const staff = await as("OPERATOR_SUCCESSMANAGER");
    for (const search of ["versandhandel", "FRISCHER WIND VERSAND", "frischer wind handel"]) {
      const list = await html(await staff.get(`${PORTAL}/seller-list?search=${encodeURIComponent(search)}`));
      expect(list, search).toContain("Sellers 1–1 of 1");
      const row = rowOf(list, "seller-new");
      expect(row).toContain(`<dt>Registered name (company information)</dt><dd>${REGISTERED}</dd>`);
      expect(row).toContain(`<dt>Name at invitation or sign-up</dt><dd>${INVITED}</dd>`);
    }

    const page = await html(await staff.get(`${PORTAL}/sellers/seller-new`));
    // The seeded seller signed up without an invitation: the page says where its first name came from.
    expect(page.replaceAll("<!-- -->", "")).toContain(
      `The seller registered the company as “${REGISTERED}” in the company information; at sign-up it was named “${INVITED}”.`,
    );
    expect(page).toContain(`<dt>Registered name (company information)</dt><dd>${REGISTERED}</dd>`);
    expect(page).toContain(`<dt>Name at sign-up</dt><dd>${INVITED}</dd>`);

    // The administrator's confirmation pages name the seller both ways too.
    const deletion = await html(await (await as("OPERATOR_ADMINISTRATOR")).get(`${PORTAL}/delete-seller?sellerId=seller-new`));
    expect(deletion).toContain(`<dt>Registered name (company information)</dt><dd>${REGISTERED}</dd>`);
  });

  it("takes an active seller's confirmed change of the company name as the registered name", async () => {
    const seller = new TestBrowser();
    await seller.signIn(PORTAL, "seller.active@example.com");
    const drafted = await seller.post(`${PORTAL}/home/my-company/company-info/change`, { ...COMPANY, legalName: "Nordlicht Wohnen GmbH" });
    expect(drafted.status).toBe(303);
    expect((await seller.post(`${PORTAL}${drafted.headers.get("location")}`, { intent: "submit" })).status).toBe(303);
    const decided = await fetch(`${SANDBOX}/__sandbox/company-changes/decide`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ sellerId: "seller-active", decision: "CONFIRMED" }),
    });
    expect(decided.status).toBe(200);

    const list = await html(await (await as("OPERATOR_OTHER")).get(`${PORTAL}/seller-list?search=${encodeURIComponent("nordlicht wohnen")}`));
    const row = rowOf(list, "seller-active");
    expect(row).toContain("<dt>Registered name (company information)</dt><dd>Nordlicht Wohnen GmbH</dd>");
    expect(row).toContain("<dt>Name at invitation or sign-up</dt><dd>Nordlicht Living GmbH</dd>");
  });

  it("shows one name where the registered name is the invitation's, and says so where nothing is registered yet", async () => {
    const staff = await as("OPERATOR_SUCCESSMANAGER");
    const list = await html(await staff.get(`${PORTAL}/seller-list?search=elbufer`));
    expect(rowOf(list, "seller-mapped")).not.toContain("seller-names");
    const same = await html(await staff.get(`${PORTAL}/sellers/seller-mapped`));
    expect(same).not.toContain("The seller registered the company as");
    expect(same).toContain("<dt>Registered name (company information)</dt><dd>Elbufer Küchenwelt GmbH</dd>");

    const invited = await html(await staff.get(`${PORTAL}/sellers/seller-invited`));
    expect(invited).toContain("<dt>Name in the invitation</dt><dd>Weserblick Wohnen GmbH</dd>");
    expect(invited).toContain("<dt>Registered name (company information)</dt><dd>Not entered yet: the seller has not saved the company information.</dd>");
  });
});
