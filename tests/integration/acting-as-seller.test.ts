/** Acting as a seller: the banner on every page and the way back (docs/product.md §11). */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";

/** Calls the user-profile service as a staff member, the way the staff screens will. */
async function asStaff(staff: string, method: string, path: string, body?: unknown) {
  const minted = await fetch(`${SANDBOX}/__sandbox/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: staff }),
  });
  const { access_token } = (await minted.json()) as { access_token: string };
  const response = await fetch(`${SANDBOX}/user-profile${path}?apikey=sandbox-api-key`, {
    method,
    headers: { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

let browser: TestBrowser;

beforeEach(async () => {
  await asStaff("admin@example.com", "POST", "/me/user/substitute-into-seller-user", { userProfileId: "user-seller-active" });
  await clearFaultsAndCounters();
  browser = new TestBrowser();
});

afterEach(async () => {
  await clearFaultsAndCounters();
  await asStaff("admin@example.com", "DELETE", "/me/user/remove-substitution");
});

describe("acting as a seller", () => {
  it("shows the banner as the seller and ends after the pause, back on the staff member's default page", async () => {
    const { url } = await browser.signIn(PORTAL, "admin@example.com");
    expect(url).toBe(`${PORTAL}/home/overview`);
    const page = await (await browser.get(`${PORTAL}/landing-page`)).text();
    expect(page).toContain("You are acting as seller Nordlicht Living GmbH");
    expect(page).toContain('action="/substitution/end"');

    const started = Date.now();
    const ended = await browser.post(`${PORTAL}/substitution/end`, {});
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(ended.headers.get("location")).toBe("/default-redirect");
    expect((await browser.get(`${PORTAL}/default-redirect`)).headers.get("location")).toBe("/seller-administration");
    expect(await (await browser.get(`${PORTAL}/landing-page`)).text()).not.toContain("You are acting as seller");
  });

  it("signs out with 'Error removing substitution' when the removal fails, and does not retry it", async () => {
    await browser.signIn(PORTAL, "admin@example.com");
    await injectFault({ pattern: "/user-profile/me/user/remove-substitution", status: 503 });
    const ended = await browser.post(`${PORTAL}/substitution/end`, {});
    expect(ended.headers.get("location")).toMatch(new RegExp(`^${SANDBOX}/idp/session/end\\?`));
    expect(await requestCount("/user-profile/me/user/remove-substitution", "DELETE")).toBe(1);
    expect((await browser.get(`${PORTAL}/landing-page`)).headers.get("location")).toBe("/login");
    expect(await (await browser.get(`${PORTAL}/`)).text()).toContain("Error removing substitution");
  });

  it("is refused for a user who is not acting as a seller", async () => {
    const seller = new TestBrowser();
    await seller.signIn(PORTAL, "seller.active@example.com");
    const response = await seller.post(`${PORTAL}/substitution/end`, {});
    expect(response.headers.get("location")).toBe("/default-redirect");
    expect(await requestCount("/user-profile/me/user/remove-substitution", "DELETE")).toBe(0);
  });
});
