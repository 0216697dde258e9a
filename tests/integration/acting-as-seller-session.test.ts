/**
 * Acting as a seller does not outlive the session (docs/product.md §11):
 * signing out ends it first; a staff member who finds it still on at the
 * next sign-in is offered the way back on every staff page instead of a
 * refusal, and lands on the page they asked for.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";
import { resetSandbox } from "./staff-support";

/** Calls the user-profile service as a staff member, as the portal would with that member's token. */
async function userProfile(staff: string, method: string, path: string, body?: unknown) {
  const minted = await fetch(`${SANDBOX}/__sandbox/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: staff }),
  });
  const { access_token } = (await minted.json()) as { access_token: string };
  const response = await fetch(`${SANDBOX}/user-profile${path}${path.includes("?") ? "&" : "?"}apikey=sandbox-api-key`, {
    method,
    headers: { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return response.json() as Promise<Record<string, unknown>>;
}

const REMOVE = "/user-profile/me/user/remove-substitution";

beforeEach(async () => {
  await resetSandbox();
  await clearFaultsAndCounters();
});
afterEach(clearFaultsAndCounters);

describe("signing out while acting as a seller", () => {
  it("ends acting as the seller first, recorded as a sign-out; signed in again, the staff member is themselves", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "success@example.com");
    await browser.post(`${PORTAL}/substitution/start`, { userProfileId: "user-seller-new", sellerId: "seller-new", returnTo: "/seller-list" });
    const signedOut = await browser.post(`${PORTAL}/logout`, {});
    expect(signedOut.headers.get("location")).toMatch(new RegExp(`^${SANDBOX}/idp/session/end\\?`));
    expect(await requestCount(REMOVE, "DELETE")).toBe(1);
    expect(await userProfile("success@example.com", "GET", "/me/user")).toMatchObject({ substitutionMode: false, role: "OPERATOR_SUCCESSMANAGER" });
    const audit = await userProfile("admin@example.com", "GET", "/users/substitutions?sellerId=seller-new");
    expect(audit.sessions).toEqual([expect.objectContaining({ staffEmail: "success@example.com", endedBy: "SIGNED_OUT" })]);

    const again = new TestBrowser();
    const { url } = await again.signIn(PORTAL, "success@example.com");
    expect(url).toBe(`${PORTAL}/seller-list`);
  });

  it("signs out all the same when ending acting as the seller fails", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "success@example.com");
    await browser.post(`${PORTAL}/substitution/start`, { userProfileId: "user-seller-new", sellerId: "seller-new", returnTo: "/seller-list" });
    await injectFault({ pattern: REMOVE, status: 503 });
    const signedOut = await browser.post(`${PORTAL}/logout`, {});
    expect(signedOut.headers.get("location")).toMatch(new RegExp(`^${SANDBOX}/idp/session/end\\?`));
    expect(await requestCount(REMOVE, "DELETE")).toBe(1);
    expect((await browser.get(`${PORTAL}/seller-list`)).headers.get("location")).toBe("/login");
  });

  it("asks nothing upstream when the user is not acting as a seller", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "success@example.com");
    await browser.post(`${PORTAL}/logout`, {});
    expect(await requestCount(REMOVE, "DELETE")).toBe(0);
  });
});

describe("signing in while still acting as a seller", () => {
  beforeEach(async () => {
    // Left on by a session that ended without signing out (a closed browser, an expired session).
    await userProfile("admin@example.com", "POST", "/me/user/substitute-into-seller-user", { userProfileId: "user-seller-active" });
    await clearFaultsAndCounters();
  });

  it("offers the way back on the staff page asked for, and then opens it as staff", async () => {
    const browser = new TestBrowser();
    // The page asked for before signing in is remembered and opened after it.
    expect((await browser.get(`${PORTAL}/seller-administration?search=nord`)).headers.get("location")).toBe("/login");
    const { url, response } = await browser.signIn(PORTAL, "admin@example.com");
    expect(url).toBe(`${PORTAL}/substitution?returnTo=%2Fseller-administration%3Fsearch%3Dnord`);
    const page = (await response.text()).replaceAll("<!-- -->", "");
    expect(page).toContain("You are acting as seller Nordlicht Living GmbH");
    expect(page).toContain("You are still acting as a seller");
    expect(page).toContain('name="returnTo" value="/seller-administration?search=nord"');

    const ended = await browser.post(`${PORTAL}/substitution/end`, { returnTo: "/seller-administration?search=nord" });
    expect(ended.headers.get("location")).toBe("/seller-administration?search=nord");
    const list = await browser.get(`${PORTAL}/seller-administration?search=nord`);
    expect(list.status).toBe(200);
    expect(await list.text()).not.toContain("You are acting as seller");
  });

  it("offers the way back on every staff page, GET and POST, instead of a bare refusal, and never returns to another site", async () => {
    const browser = new TestBrowser();
    const { url } = await browser.signIn(PORTAL, "admin@example.com");
    // The first page is the seller's, with the banner and its way back.
    expect(url).toBe(`${PORTAL}/home/overview`);
    for (const path of ["/seller-list", "/sellers/seller-new", "/delete-seller?sellerId=seller-new", "/product-catalogue-integration"]) {
      const get = await browser.get(`${PORTAL}${path}`);
      expect(get.headers.get("location"), path).toBe(`/substitution?returnTo=${encodeURIComponent(path)}`);
    }
    const post = await browser.post(`${PORTAL}/delete-seller?sellerId=seller-new`, { confirmName: "Frischer Wind Handel UG" });
    expect(post.headers.get("location")).toBe(`/substitution?returnTo=${encodeURIComponent("/delete-seller?sellerId=seller-new")}`);
    expect(await requestCount("/onboarding/api-external/sellers/delete", "DELETE")).toBe(0);

    const ended = await browser.post(`${PORTAL}/substitution/end`, { returnTo: "//evil.example/x" });
    expect(ended.headers.get("location")).toBe("/default-redirect");
  });
});
