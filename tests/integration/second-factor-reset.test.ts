/**
 * Staff resetting a lost second factor, over HTTP: who may open the pages and post the reset; the seller's users with
 * their factor; the review naming the person and the confirmation; the reset recorded by the provider and in the
 * seller's activity record; the person sent to enrolment at their next sign-in; a staff account's factor reset by the
 * administrator alone; nobody's own; a failure of the service changing nothing; and a sign-in older than 10 minutes
 * made again before the reset, back to the same review.
 */
import { roles, type Role } from "#contract/upstream.ts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";
import { as, resetSandbox } from "./staff-support";

const RESET_ROLES: Role[] = ["OPERATOR_ADMINISTRATOR", "OPERATOR_SUCCESSMANAGER"];
const RESET_CALL = (userId: string) => `/user-profile/users/${userId}/second-factor/reset`;

async function text(response: Response): Promise<string> {
  return (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
}

async function enrolled(username: string): Promise<boolean> {
  const response = await fetch(`${SANDBOX}/__sandbox/second-factor/${encodeURIComponent(username)}/code`);
  await response.body?.cancel();
  return response.ok;
}

const formAction = (html: string) => /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(html)?.[1]?.replaceAll("&amp;", "&");

beforeAll(resetSandbox);
afterEach(clearFaultsAndCounters);
afterAll(resetSandbox);

describe("who may reset a second factor", () => {
  it("opens the pages and takes the post for the administrator and the success managers only, GET and POST", async () => {
    for (const role of roles) {
      const browser = await as(role);
      for (const path of ["/sellers/seller-small/users", "/second-factor-reset?email=seller.small@example.com"]) {
        const response = await browser.get(`${PORTAL}${path}`);
        await response.body?.cancel();
        if (RESET_ROLES.includes(role)) expect(response.status, `${role} ${path}`).toBe(200);
        else expect([response.status, response.headers.get("location")], `${role} ${path}`).toEqual([302, "/default-redirect"]);
      }
      if (RESET_ROLES.includes(role)) continue;
      const posted = await browser.post(`${PORTAL}/second-factor-reset?email=seller.small@example.com`, {
        userId: "user-seller-small",
        email: "seller.small@example.com",
      });
      await posted.body?.cancel();
      expect([posted.status, posted.headers.get("location")], role).toEqual([302, "/default-redirect"]);
    }
    expect(await requestCount(RESET_CALL("user-seller-small"), "POST")).toBe(0);
    expect(await enrolled("seller.small@example.com")).toBe(true);
  });

  it("refuses a staff account to a success manager and one's own account to anyone, before the service is asked", async () => {
    const success = await as("OPERATOR_SUCCESSMANAGER");
    const review = await text(await success.get(`${PORTAL}/second-factor-reset?email=admin@example.com`));
    expect(review).toContain("Only the marketplace administrator resets the second factor of a staff account.");
    expect(review).not.toContain("Reset the second factor of admin@example.com</button>");
    const posted = await success.post(`${PORTAL}/second-factor-reset?email=admin@example.com`, { userId: "user-admin", email: "admin@example.com" });
    expect(posted.status).toBe(403);
    const own = await success.post(`${PORTAL}/second-factor-reset?email=success@example.com`, { userId: "user-success", email: "success@example.com" });
    expect(own.status).toBe(403);
    expect(await text(own)).toContain("You cannot reset your own second factor");
    expect(await requestCount(RESET_CALL("user-admin"), "POST")).toBe(0);
    expect(await enrolled("admin@example.com")).toBe(true);
    expect(await enrolled("success@example.com")).toBe(true);
  });

  it("the service refuses the same without the portal: a success manager on a staff account, the wrong address", async () => {
    const token = async (username: string) =>
      (
        (await (
          await fetch(`${SANDBOX}/__sandbox/tokens`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ username }) })
        ).json()) as { access_token: string }
      ).access_token;
    const reset = async (username: string, userId: string, email: string) => {
      const response = await fetch(`${SANDBOX}/user-profile/users/${userId}/second-factor/reset?apikey=sandbox-api-key`, {
        method: "POST",
        headers: { Authorization: `Bearer ${await token(username)}`, "Content-Type": "application/json" },
        body: JSON.stringify({ email }),
      });
      return { status: response.status, body: (await response.json()) as { errorCode?: string } };
    };
    expect(await reset("success@example.com", "user-admin", "admin@example.com")).toMatchObject({ status: 403, body: { errorCode: "STAFF_ACCOUNT" } });
    expect(await reset("seller.active@example.com", "user-viewer", "viewer@example.com")).toMatchObject({ status: 403, body: { errorCode: "FORBIDDEN" } });
    expect(await reset("admin@example.com", "user-viewer", "someone.else@example.com")).toMatchObject({
      status: 409,
      body: { errorCode: "ACCOUNT_CHANGED" },
    });
    expect(await reset("admin@example.com", "user-admin", "admin@example.com")).toMatchObject({ status: 409, body: { errorCode: "OWN_ACCOUNT" } });
    expect(await enrolled("viewer@example.com")).toBe(true);
  });
});

describe("resetting a seller user's lost second factor", () => {
  it("lists the seller's users, reviews and confirms naming the person, records it, and sends the person to enrolment", async () => {
    const success = await as("OPERATOR_SUCCESSMANAGER");
    const sellerPage = await text(await success.get(`${PORTAL}/sellers/seller-small`));
    expect(sellerPage).toContain('href="/sellers/seller-small/users"');
    const users = await text(await success.get(`${PORTAL}/sellers/seller-small/users`));
    expect(users).toContain("seller.small@example.com");
    expect(users).toContain('href="/second-factor-reset?email=seller.small%40example.com"');

    const reviewUrl = `${PORTAL}/second-factor-reset?email=seller.small%40example.com`;
    const review = await text(await success.get(reviewUrl));
    expect(review).toContain("Second factor of seller.small@example.com");
    expect(review).toContain("This cannot be undone.");
    expect(review).toContain("Reset the second factor of seller.small@example.com</button>");
    // Opening the review changes nothing.
    expect(await enrolled("seller.small@example.com")).toBe(true);

    const posted = await success.post(reviewUrl, { userId: "user-seller-small", email: "seller.small@example.com" });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/second-factor-reset?email=seller.small%40example.com");
    const after = await text(await success.get(reviewUrl));
    expect(after).toContain("The second factor of seller.small@example.com was reset.");
    expect(after).toContain("Not set up");
    expect(after).toMatch(/Reset on [^<]+ by success@example\.com\./);
    expect(after).not.toContain("</button>\n");
    expect(await enrolled("seller.small@example.com")).toBe(false);

    // The seller's record says who reset whose factor.
    const record = await text(await success.get(`${PORTAL}/sellers/seller-small/activity?kind=SECOND_FACTOR_RESET`));
    expect(record).toContain("Reset the second factor of seller.small@example.com");
    expect(record).toContain("success@example.com");

    // A second post has nothing to reset: refused, said on the page.
    const again = await success.post(reviewUrl, { userId: "user-seller-small", email: "seller.small@example.com" });
    expect(again.status).toBe(403);
    expect(await text(again)).toContain("No second factor to reset.");

    // The person's next sign-in takes the password alone, and the portal sends them to enrol.
    const seller = new TestBrowser();
    const { url } = await seller.signIn(PORTAL, "seller.small@example.com");
    expect(url).toBe(`${PORTAL}/security/second-factor`);
    const home = await seller.get(`${PORTAL}/home/overview`);
    expect(home.headers.get("location")).toBe("/security/second-factor");
  });

  it("lets the administrator reset a staff account's factor", async () => {
    const admin = await as("OPERATOR_ADMINISTRATOR");
    const administration = await text(await admin.get(`${PORTAL}/seller-administration`));
    expect(administration).toContain('href="/second-factor-reset"');
    const lookup = await text(await admin.get(`${PORTAL}/second-factor-reset?email=nobody%40example.com`));
    expect(lookup).toContain("There is no account with the address nobody@example.com.");
    const posted = await admin.post(`${PORTAL}/second-factor-reset?email=operator%40example.com`, { userId: "user-operator", email: "operator@example.com" });
    expect(posted.status).toBe(303);
    expect(await enrolled("operator@example.com")).toBe(false);
  });

  it("changes nothing when the service fails, and says so with the form still there", async () => {
    const admin = await as("OPERATOR_ADMINISTRATOR");
    await injectFault({ pattern: "/user-profile/users/user-viewer/second-factor/reset", status: 503 });
    const posted = await admin.post(`${PORTAL}/second-factor-reset?email=viewer%40example.com`, { userId: "user-viewer", email: "viewer@example.com" });
    expect(posted.status).toBe(502);
    const page = await text(posted);
    expect(page).toContain("Reset the second factor of viewer@example.com</button>");
    expect(await enrolled("viewer@example.com")).toBe(true);
  });

  it("asks for a fresh sign-in when the last is older than 10 minutes, and comes back to the same review", async () => {
    const admin = new TestBrowser();
    await admin.signIn(PORTAL, "admin@example.com");
    const aged = await fetch(`${SANDBOX}/__sandbox/sign-ins/age`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "admin@example.com", seconds: 11 * 60 }),
    });
    expect(aged.status).toBe(200);
    const reviewUrl = `${PORTAL}/second-factor-reset?email=viewer%40example.com`;
    const asked = await admin.post(reviewUrl, { userId: "user-viewer", email: "viewer@example.com" });
    expect([asked.status, asked.headers.get("location")]).toEqual([303, "/login"]);
    expect(await requestCount(RESET_CALL("user-viewer"), "POST")).toBe(0);

    const { response, url, hops } = await admin.navigate(`${PORTAL}/login`);
    const authorize = new URL(hops[0]!.location!);
    expect(authorize.searchParams.get("prompt")).toBe("login");
    expect(authorize.searchParams.get("max_age")).not.toBeNull();
    const atCode = await admin.follow(
      await admin.post(new URL(formAction(await response.text())!, url).toString(), { username: "admin@example.com", password: "demo" }),
      url,
    );
    const back = await admin.enterSignInCode(atCode.url, "admin@example.com");
    expect(back.url).toBe(reviewUrl);
    expect(await text(back.response)).toContain("Reset the second factor of viewer@example.com</button>");
    expect(await enrolled("viewer@example.com")).toBe(true);
  });
});
