/**
 * The sign-in's state cookie (docs/product.md §3): one per browser, removed
 * by the callback. Visiting /login again and again never piles up cookies,
 * and a callback URL used once cannot be used again: the code is not
 * exchanged twice and the session it made stays as it is.
 */
import { afterEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";

const PORTAL_HOST = new URL(PORTAL).host;
const stateCookies = (browser: TestBrowser) => browser.cookieNames(PORTAL_HOST).filter((name) => name.startsWith("sp_oauth"));

afterEach(clearFaultsAndCounters);

describe("the sign-in's state cookie", () => {
  it("stays one cookie however often /login is opened, so the Cookie header never outgrows the server", async () => {
    const browser = new TestBrowser();
    for (let visit = 0; visit < 100; visit += 1) {
      const response = await browser.get(`${PORTAL}/login`);
      expect(response.status).toBe(302);
    }
    expect(stateCookies(browser)).toEqual(["sp_oauth"]);
    expect((await browser.get(`${PORTAL}/`)).status).toBe(200);
    // The last visit's state is the one that counts: signing in still works.
    const { url } = await browser.signIn(PORTAL, "operator@example.com");
    expect(url).toBe(`${PORTAL}/seller-list`);
  });

  it("is removed at the callback: replaying the callback URL exchanges nothing and leaves the session alone", async () => {
    const browser = new TestBrowser();
    const { hops } = await browser.signIn(PORTAL, "operator@example.com");
    const callback = hops.find((hop) => hop.url.startsWith(`${PORTAL}/login?code=`))!.url;
    expect(stateCookies(browser)).toEqual([]);
    const exchanges = await requestCount("/idp/token", "POST");

    const replayed = await browser.get(callback);
    expect(replayed.status).toBe(302);
    expect(replayed.headers.get("location")).toBe("/default-redirect");
    expect(await requestCount("/idp/token", "POST")).toBe(exchanges);
    expect((await browser.get(`${PORTAL}/seller-list`)).status).toBe(200);
  });

  it("exchanges the code once more when the token request got no answer, and says the provider is unavailable when it never answers", async () => {
    // The connection dropped before any answer (as a kept-alive connection the provider closed just as it was reused).
    await injectFault({ pattern: "/idp/token", method: "POST", drop: true, times: 1 });
    const once = new TestBrowser();
    const { url } = await once.signIn(PORTAL, "operator@example.com");
    expect(url).toBe(`${PORTAL}/seller-list`);
    expect(await requestCount("/idp/token", "POST")).toBe(2);

    await clearFaultsAndCounters();
    await injectFault({ pattern: "/idp/token", method: "POST", drop: true });
    const never = new TestBrowser();
    const { url: landed, response } = await never.signIn(PORTAL, "operator@example.com");
    expect(new URL(landed).pathname).toBe("/login");
    expect(response.status).toBe(503);
    expect(await requestCount("/idp/token", "POST")).toBe(2);
  });
});
