/**
 * A fresh sign-in before what matters, over HTTP, for removing a colleague and acting as a seller (the bank account
 * change: second-factor.test.ts; the hand-over: hand-over.test.ts; a second factor's reset:
 * second-factor-reset.test.ts): signed in just now the change goes on; after the provider's sign-in grew older than
 * 10 minutes the post changes nothing upstream, the browser goes to the provider with prompt=login and max_age, signs
 * in with the password and a code, and comes back to the page the change was asked from, where it then goes on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, requestCount } from "./sandbox-control";
import { resetSandbox } from "./staff-support";

const formAction = (html: string) => /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(html)?.[1]?.replaceAll("&amp;", "&");

/** Makes the account's sign-ins at the provider `seconds` older, as if that much time had passed. */
async function age(username: string, seconds = 11 * 60) {
  const aged = await fetch(`${SANDBOX}/__sandbox/sign-ins/age`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, seconds }),
  });
  expect(aged.status).toBe(200);
}

/** Follows the portal's /login to the provider (checking it asks for a fresh sign-in), signs in, and answers where it lands. */
async function signInAgain(browser: TestBrowser, username: string): Promise<{ url: string; html: string }> {
  const { response, url, hops } = await browser.navigate(`${PORTAL}/login`);
  const authorize = new URL(hops[0]!.location!);
  expect(authorize.searchParams.get("prompt")).toBe("login");
  expect(authorize.searchParams.get("max_age")).not.toBeNull();
  const atCode = await browser.follow(await browser.post(new URL(formAction(await response.text())!, url).toString(), { username, password: "demo" }), url);
  expect(new URL(atCode.url).pathname).toMatch(/\/code$/);
  const back = await browser.enterSignInCode(atCode.url, username);
  return { url: back.url, html: (await back.response.text()).replaceAll("<!-- -->", "") };
}

beforeAll(async () => {
  await resetSandbox();
  await clearFaultsAndCounters();
});
afterAll(resetSandbox);

describe("a fresh sign-in before what matters", () => {
  it("removing a colleague: asked again after 10 minutes, back to the confirmation naming them, then removed", async () => {
    const admin = new TestBrowser();
    await admin.signIn(PORTAL, "seller.active@example.com");
    const confirmation = `${PORTAL}/team/user-viewer/remove`;
    expect(await (await admin.get(confirmation)).text()).toContain("viewer@example.com");

    await age("seller.active@example.com");
    const asked = await admin.post(confirmation, {});
    expect([asked.status, asked.headers.get("location")]).toEqual([303, "/login"]);
    expect(await requestCount("/user-profile/me/seller/users/user-viewer", "DELETE")).toBe(0);

    const back = await signInAgain(admin, "seller.active@example.com");
    expect(back.url).toBe(confirmation);
    expect(back.html).toContain("Remove viewer@example.com");

    const removed = await admin.post(confirmation, {});
    expect([removed.status, removed.headers.get("location")]).toEqual([302, "/team"]);
    expect(await requestCount("/user-profile/me/seller/users/user-viewer", "DELETE")).toBe(1);
  });

  it("acting as a seller: asked again after 10 minutes, back to the list the button was on, then acting as the seller", async () => {
    const staff = new TestBrowser();
    await staff.signIn(PORTAL, "success@example.com");
    const form = { userProfileId: "user-seller-small", sellerId: "seller-small", returnTo: "/seller-list?search=Kleinod" };

    await age("success@example.com");
    const asked = await staff.post(`${PORTAL}/substitution/start`, form);
    expect([asked.status, asked.headers.get("location")]).toEqual([303, "/login"]);
    expect(await requestCount("/user-profile/me/user/substitute-into-seller-user", "POST")).toBe(0);

    const back = await signInAgain(staff, "success@example.com");
    expect(back.url).toBe(`${PORTAL}/seller-list?search=Kleinod`);
    expect(back.html).toContain("Kleinod Manufaktur");

    const started = await staff.post(`${PORTAL}/substitution/start`, form);
    expect(started.headers.get("location")).toBe("/default-redirect");
    expect(await requestCount("/user-profile/me/user/substitute-into-seller-user", "POST")).toBe(1);
  });
});
