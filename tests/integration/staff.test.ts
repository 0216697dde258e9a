/**
 * The staff screens' actions over real HTTP (docs/product.md §10, §11):
 * inviting, editing, marking active, deleting, and starting to act as a
 * seller. Access is in staff-access.test.ts, the list in staff-seller-list.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";
import { as, invitation, resetSandbox, seededEdit, upstreamSeller } from "./staff-support";

beforeAll(resetSandbox);
afterEach(clearFaultsAndCounters);
afterAll(resetSandbox);

describe("/invite-seller", () => {
  it("refuses a duplicate CRM id and name on their fields, keeping everything typed", async () => {
    const bd = await as("OPERATOR_BUSINESSDEVELOPER");
    const response = await bd.post(`${PORTAL}/invite-seller`, { ...invitation, name: "Nordlicht Living GmbH", crmId: "CRM-100002" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("A seller with this company name exists already.");
    expect(html).toContain("A seller with this CRM id exists already.");
    expect(html).toContain('href="#invite-seller-name"');
    expect(html).toContain('value="Nordlicht Living GmbH"');
    expect(html).toContain('value="ole@ostsee-strand.example.com"');
    expect(await requestCount("/onboarding/api-external/sellers", "PUT")).toBe(0);
  });

  it("refuses an address that has an account already, on submit and in the live check, with the same message", async () => {
    const bd = await as("OPERATOR_BUSINESSDEVELOPER");
    const message = "An account with this e-mail address exists already: an invitation&#x27;s registration link cannot be used with it.";
    const response = await bd.post(`${PORTAL}/invite-seller`, { ...invitation, contactEmail: "seller.new@example.com" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(message);
    expect(html).toContain('href="#invite-seller-contactEmail"');
    expect(html).toContain('value="Ostsee Strandkörbe GmbH"');
    expect(await requestCount("/onboarding/api-external/sellers", "PUT")).toBe(0);

    const taken = await bd.get(`${PORTAL}/invite-seller/check?contactEmail=${encodeURIComponent("Seller.New@example.com")}`);
    expect(await taken.json()).toEqual({ value: "Seller.New@example.com", taken: true });
    const free = await bd.get(`${PORTAL}/invite-seller/check?contactEmail=${encodeURIComponent(invitation.contactEmail)}`);
    expect(await free.json()).toEqual({ value: invitation.contactEmail, taken: false });
  });

  it("reports every invalid field at once", async () => {
    const response = await (
      await as("OPERATOR_BUSINESSDEVELOPER")
    ).post(`${PORTAL}/invite-seller`, { ...invitation, contactEmail: "not-an-address", crmId: "x" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Enter a valid e-mail address");
    expect(html).toContain("A CRM id has 3 to 50 letters");
    expect(await requestCount("/onboarding/api-external/sellers/existsByCrmId", "POST")).toBe(0);
  });

  it("keeps the input and shows the service's error when the invitation fails upstream, without retrying it", async () => {
    await injectFault({ pattern: "/onboarding/api-external/sellers", method: "PUT", status: 503 });
    const response = await (await as("OPERATOR_BUSINESSDEVELOPER")).post(`${PORTAL}/invite-seller`, invitation);
    expect(response.status).toBe(502);
    const html = await response.text();
    expect(html).toContain('value="Ostsee Strandkörbe GmbH"');
    expect(html).toContain("Injected fault");
    expect(html).toContain("INJECTED_FAULT");
    expect(await requestCount("/onboarding/api-external/sellers", "PUT")).toBe(1);
  });

  it("invites a seller and answers the live checks through the portal", async () => {
    const bd = await as("OPERATOR_BUSINESSDEVELOPER");
    const free = await bd.get(`${PORTAL}/invite-seller/check?crmId=CRM-777001`);
    expect(await free.json()).toEqual({ value: "CRM-777001", taken: false });
    const response = await bd.post(`${PORTAL}/invite-seller`, invitation);
    expect(response.status).toBe(302);
    // The confirmation is the invitation's own page: who, which address, the registration link.
    const confirmation = response.headers.get("location")!;
    expect(confirmation).toMatch(/^\/invitations\/seller-[\w-]+$/);
    const page = await (await bd.get(`${PORTAL}${confirmation}`)).text();
    expect(page).toContain("Invitation sent: Ostsee Strandkörbe GmbH");
    expect(page).toContain("ole@ostsee-strand.example.com");
    expect(page).toContain(`value="${PORTAL}/register"`);
    // Said once: opened again, it is the invitation's page.
    expect(await (await bd.get(`${PORTAL}${confirmation}`)).text()).toContain("Invitation: Ostsee Strandkörbe GmbH");
    expect(await (await bd.get(`${PORTAL}/invite-seller/check?crmId=crm-777001`)).json()).toEqual({ value: "crm-777001", taken: true });
    expect(await (await bd.get(`${PORTAL}/invite-seller/check?name=${encodeURIComponent("ostsee strandkörbe gmbh")}`)).json()).toMatchObject({ taken: true });
  });
});

describe("/seller-administration, /mark-as-active, /delete-seller", () => {
  it("edits a seller: its own name and CRM id may stay, another seller's may not", async () => {
    const admin = await as("OPERATOR_ADMINISTRATOR");
    const form = await (await admin.get(`${PORTAL}/seller-administration?edit=seller-onboarding-feed`)).text();
    expect(form).toContain('value="CRM-100005"');
    expect(form).toContain('action="/seller-administration?edit=seller-onboarding-feed"');
    const taken = await admin.post(`${PORTAL}/seller-administration?edit=seller-onboarding-feed`, { ...seededEdit, crmId: "CRM-100001" });
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain("A seller with this CRM id exists already.");
    const saved = await admin.post(`${PORTAL}/seller-administration?edit=seller-onboarding-feed`, seededEdit);
    expect(saved.status).toBe(302);
    expect((await upstreamSeller("seller-onboarding-feed")).body.channel).toBe("INTERNATIONAL");
  });

  it("marks only a seller with a finished mapping active; its user then goes to the seller home", async () => {
    const success = await as("OPERATOR_SUCCESSMANAGER");
    const notReady = await (await success.get(`${PORTAL}/mark-as-active?sellerId=seller-submitted`)).text();
    expect(notReady).toContain("Only a seller whose catalogue mapping is finished can be marked active");
    const refused = await success.post(`${PORTAL}/mark-as-active?sellerId=seller-submitted`, {});
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Only a seller whose catalogue mapping is finished can be marked active (state CATALOGUE_DATA_SUBMITTED)");

    const marked = await success.post(`${PORTAL}/mark-as-active?sellerId=seller-mapped`, {});
    expect(marked.status).toBe(302);
    expect(marked.headers.get("location")).toBe("/sellers/seller-mapped");
    expect(await (await success.get(`${PORTAL}/sellers/seller-mapped`)).text()).toContain("Elbufer Küchenwelt GmbH is active now");
    expect((await upstreamSeller("seller-mapped")).body.state).toBe("ACTIVE");
    const seller = new TestBrowser();
    const { url } = await seller.signIn(PORTAL, "seller.mapped@example.com");
    expect(url).toBe(`${PORTAL}/home/overview`);
  });

  it("answers 404 without a sellerId, and for a seller that does not exist", async () => {
    const admin = await as("OPERATOR_ADMINISTRATOR");
    for (const path of [
      "/delete-seller",
      "/delete-seller?sellerId=no-such-seller",
      "/mark-as-active?sellerId=no-such-seller",
      "/seller-administration?edit=no-such-seller",
    ]) {
      const response = await admin.get(`${PORTAL}${path}`);
      expect(response.status, path).toBe(404);
      await response.body?.cancel();
    }
  });

  it("deletes nothing unless the seller's name is typed, keeps the input when deleting fails, then deletes", async () => {
    const admin = await as("OPERATOR_ADMINISTRATOR");
    const wrong = await admin.post(`${PORTAL}/delete-seller?sellerId=seller-registered-2`, { confirmName: "Alpenglück" });
    expect(wrong.status).toBe(400);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain("This is not the seller&#x27;s name. Nothing was deleted.");
    expect(wrongHtml).toContain('value="Alpenglück"');
    expect(await requestCount("/onboarding/api-external/sellers/delete", "DELETE")).toBe(0);

    await injectFault({ pattern: "/onboarding/api-external/sellers/delete", method: "DELETE", status: 500 });
    const failed = await admin.post(`${PORTAL}/delete-seller?sellerId=seller-registered-2`, { confirmName: "Alpenglück Deko e.K." });
    expect(failed.status).toBe(502);
    const failedHtml = await failed.text();
    expect(failedHtml).toContain("Injected fault");
    expect(failedHtml).toContain('value="Alpenglück Deko e.K."');
    expect((await upstreamSeller("seller-registered-2")).status).toBe(200);
    await clearFaultsAndCounters();

    const deleted = await admin.post(`${PORTAL}/delete-seller?sellerId=seller-registered-2`, { confirmName: " alpenglück deko e.k. " });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/seller-administration");
    expect(await (await admin.get(`${PORTAL}/seller-administration`)).text()).toContain("Alpenglück Deko e.K. was deleted");
    expect((await upstreamSeller("seller-registered-2")).status).toBe(404);
  });
});

describe("acting as a seller", () => {
  it("starts from the list: the seller's default page, with the banner", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "operator@example.com");
    const started = await browser.post(`${PORTAL}/substitution/start`, { userProfileId: "user-seller-new", sellerId: "seller-new", returnTo: "/seller-list" });
    expect(started.headers.get("location")).toBe("/default-redirect");
    const { url, response } = await browser.follow(started, `${PORTAL}/substitution/start`);
    expect(url).toBe(`${PORTAL}/overview`);
    await response.body?.cancel();
    expect(await (await browser.get(`${PORTAL}/landing-page`)).text()).toContain("You are acting as seller Frischer Wind Handel UG");
    const ended = await browser.post(`${PORTAL}/substitution/end`, {});
    expect(ended.headers.get("location")).toBe("/default-redirect");
    expect((await browser.get(`${PORTAL}/default-redirect`)).headers.get("location")).toBe("/seller-list");
  });

  it("shows 'Error switching to seller' back on the list and reloads the user when the switch fails", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "success@example.com");
    await clearFaultsAndCounters();
    await injectFault({ pattern: "/user-profile/me/user/substitute-into-seller-user", status: 500 });
    const started = await browser.post(`${PORTAL}/substitution/start`, {
      userProfileId: "user-seller-new",
      sellerId: "seller-new",
      returnTo: "/seller-list?search=frischer",
    });
    expect(started.headers.get("location")).toBe("/seller-list?search=frischer");
    expect(await requestCount("/user-profile/me/user/substitute-into-seller-user", "POST")).toBe(1);
    expect(await requestCount("/user-profile/me/user", "GET")).toBe(1);
    const html = await (await browser.get(`${PORTAL}/seller-list?search=frischer`)).text();
    expect(html).toContain("Error switching to seller seller-new");
    expect(html).not.toContain("You are acting as seller");
  });

  it("never returns to another origin", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "success@example.com");
    await injectFault({ pattern: "/user-profile/me/user/substitute-into-seller-user", status: 500 });
    const started = await browser.post(`${PORTAL}/substitution/start`, {
      userProfileId: "user-seller-new",
      sellerId: "seller-new",
      returnTo: "//evil.example/x",
    });
    expect(started.headers.get("location")).toBe("/default-redirect");
  });
});
