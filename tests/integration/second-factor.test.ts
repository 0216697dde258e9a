/**
 * Two-factor sign-in over HTTP: the provider's code step (replay, brute force, recovery codes), enrolment forced by the
 * portal for the roles that need it, and how the id token's amr reaches the portal.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { codeAt } from "../../sandbox/second-factor.ts";
import { secondFactorCode, TestBrowser } from "../support/http-client";
import { PORTAL, SANDBOX } from "./ports";

const formAction = (html: string) => /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(html)?.[1]?.replaceAll("&amp;", "&");

/** Posts the provider's sign-in form with the password and stops at whatever comes next (the code page for an enrolled account). */
async function password(browser: TestBrowser, username: string, path = "/login") {
  const { response, url } = await browser.navigate(`${PORTAL}${path}`);
  const action = formAction(await response.text());
  if (!action) throw new Error(`no sign-in form at ${url}`);
  return browser.follow(await browser.post(new URL(action, url).toString(), { username, password: "demo" }), url);
}

/** Registers a new seller at the provider (its administrator, not enrolled) and answers where the portal sent it. */
async function registerSeller(browser: TestBrowser) {
  const email = `two-factor-${randomUUID().slice(0, 8)}@example.com`;
  const { response, url } = await browser.navigate(`${PORTAL}/register`);
  const action = formAction(await response.text())!;
  const done = await browser.follow(
    await browser.post(new URL(action, url).toString(), { email, password: "demo", companyName: "Zweifaktor GmbH", language: "en" }),
    url,
  );
  return { email, landed: done.url };
}

/** Enrols the signed-in user at the provider from the portal's enrolment page; answers the key and the recovery codes. */
async function enrol(browser: TestBrowser, email: string) {
  const atProvider = await password(browser, email, "/security/second-factor/enrol");
  expect(new URL(atProvider.url).pathname).toMatch(/\/interaction\/[^/]+\/enrol$/);
  const page = await atProvider.response.text();
  expect(page).toContain('<img src="data:image/svg+xml;base64,');
  const secret = /data-key="([A-Z2-7]+)"/.exec(page)![1]!;
  const wrong = await browser.post(atProvider.url, { code: "000000" });
  expect(wrong.status).toBe(400);
  await wrong.body?.cancel();
  const confirmed = await browser.post(atProvider.url, { code: codeAt(secret, Math.floor(Date.now() / 1000)) });
  expect(confirmed.status).toBe(200);
  const codesPage = await confirmed.text();
  const recoveryCodes = [...codesPage.matchAll(/<li><code>([a-z0-9-]+)<\/code><\/li>/g)].map((match) => match[1]!);
  expect(recoveryCodes).toHaveLength(10);
  const finished = await browser.follow(await browser.post(new URL(formAction(codesPage)!, atProvider.url).toString(), {}), atProvider.url);
  return { secret, recoveryCodes, landed: finished.url };
}

describe("two-factor sign-in", () => {
  it("asks an enrolled account for a code after the password, and the portal lets the staff member in", async () => {
    const browser = new TestBrowser();
    const atCode = await password(browser, "success@example.com");
    expect(new URL(atCode.url).pathname).toMatch(/\/interaction\/[^/]+\/code$/);
    const { url } = await browser.enterSignInCode(atCode.url, "success@example.com");
    expect(url).toBe(`${PORTAL}/seller-list`);
  });

  it("accepts a code once: the same code in a second sign-in is refused", async () => {
    const first = new TestBrowser();
    const atCode = await password(first, "admin@example.com");
    const code = await secondFactorCode(atCode.url, "admin@example.com");
    const signedIn = await first.follow(await first.post(atCode.url, { code }), atCode.url);
    expect(signedIn.url).toBe(`${PORTAL}/seller-administration`);

    const second = new TestBrowser();
    const again = await password(second, "admin@example.com");
    const replayed = await second.post(again.url, { code });
    expect(replayed.status).toBe(400);
    expect(await replayed.text()).toContain("This code is not valid");
  });

  it("a seller administrator without a second factor reaches only the enrolment page, enrols, and signs in with a code or a recovery code once", async () => {
    const browser = new TestBrowser();
    const { email, landed } = await registerSeller(browser);
    expect(landed).toBe(`${PORTAL}/security/second-factor`);
    // Nothing else opens, GET or POST; sign-out does.
    for (const path of ["/overview", "/shop-setup/company-information", "/team", "/default-redirect"]) {
      const response = await browser.get(`${PORTAL}${path}`);
      expect(response.headers.get("location"), path).toBe("/security/second-factor");
    }
    const posted = await browser.post(`${PORTAL}/team`, { intent: "invite", email: "x@example.com", role: "SELLER_VIEWER_EXTERNAL" });
    expect(posted.headers.get("location")).toBe("/security/second-factor");
    const page = await (await browser.get(`${PORTAL}/security/second-factor`)).text();
    expect(page).toContain("Set up two-factor sign-in");
    expect(page).toContain('href="/security/second-factor/enrol"');

    const { secret, recoveryCodes, landed: afterEnrolment } = await enrol(browser, email);
    expect(afterEnrolment).toBe(`${PORTAL}/overview`);
    expect((await browser.get(`${PORTAL}/overview`)).status).toBe(200);

    // The next sign-in asks for a code: the app's.
    const next = new TestBrowser();
    const atCode = await password(next, email);
    expect(new URL(atCode.url).pathname).toMatch(/\/code$/);
    const withApp = await next.follow(await next.post(atCode.url, { code: codeAt(secret, Math.floor(Date.now() / 1000) + 30) }), atCode.url);
    expect(withApp.url).toBe(`${PORTAL}/overview`);

    // A recovery code signs in once.
    const lost = new TestBrowser();
    const atRecovery = await password(lost, email);
    const recovered = await lost.follow(await lost.post(atRecovery.url, { code: recoveryCodes[3]!.toUpperCase() }), atRecovery.url);
    expect(recovered.url).toBe(`${PORTAL}/overview`);
    const again = new TestBrowser();
    const atAgain = await password(again, email);
    const reused = await again.post(atAgain.url, { code: recoveryCodes[3]! });
    expect(reused.status).toBe(400);
  });

  it("takes no code, not even the right one, after ten wrong ones", async () => {
    const browser = new TestBrowser();
    const { email } = await registerSeller(browser);
    await enrol(browser, email);
    const attacker = new TestBrowser();
    const atCode = await password(attacker, email);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await attacker.post(atCode.url, { code: String(100000 + i) });
      statuses.push(response.status);
      await response.body?.cancel();
    }
    expect(statuses.slice(0, 9).every((status) => status === 400)).toBe(true);
    expect(statuses[9]).toBe(429);
    const right = await attacker.post(atCode.url, { code: await secondFactorCode(atCode.url, email) });
    expect(right.status).toBe(429);
    expect(await right.text()).toContain("Too many wrong codes");
  });
});

describe("recent sign-in for what matters", () => {
  const FORM = `${PORTAL}/home/my-company/bank-account/change`;
  const TYPED = { accountHolder: "Nordlicht Living GmbH", iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX" };

  it("asks for a fresh sign-in with a code after 10 minutes, and comes back to the form with the typed IBAN kept", async () => {
    const seller = new TestBrowser();
    await seller.signIn(PORTAL, "seller.active@example.com");
    // Signed in just now: the change goes on.
    const recent = await seller.post(FORM, TYPED);
    expect(recent.status).toBe(303);
    expect(recent.headers.get("location")).toMatch(/^\/home\/my-company\/changes\//);

    // Eleven minutes later, as the provider tells it.
    const aged = await fetch(`${SANDBOX}/__sandbox/sign-ins/age`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "seller.active@example.com", seconds: 11 * 60 }),
    });
    expect(aged.status).toBe(200);
    const asked = await seller.post(FORM, TYPED);
    expect(asked.status).toBe(303);
    expect(asked.headers.get("location")).toBe("/login");
    // Kept on the server: no cookie carries the IBAN.
    expect(asked.headers.getSetCookie().join(";")).not.toMatch(/DE89|3704/);

    const { response, url, hops } = await seller.navigate(`${PORTAL}/login`);
    const authorize = new URL(hops[0]!.location!);
    expect(authorize.searchParams.get("prompt")).toBe("login");
    expect(authorize.searchParams.get("max_age")).not.toBeNull();
    const action = formAction(await response.text())!;
    const atCode = await seller.follow(await seller.post(new URL(action, url).toString(), { username: "seller.active@example.com", password: "demo" }), url);
    expect(new URL(atCode.url).pathname).toMatch(/\/code$/);
    const back = await seller.enterSignInCode(atCode.url, "seller.active@example.com");
    expect(back.url).toMatch(new RegExp(`^${FORM}\\?kept=[\\w-]{22}$`));
    const page = await back.response.text();
    expect(page).toContain('value="DE89 3704 0044 0532 0130 00"');
    expect(page).toContain("Signed in again: check what you typed and send it.");

    // Signed in again just now: the change goes on.
    const sent = await seller.post(FORM, TYPED);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toMatch(/^\/home\/my-company\/changes\//);
  });

  it("does not give a kept form to another user, nor one that is not there", async () => {
    const other = new TestBrowser();
    await other.signIn(PORTAL, "seller.active@example.com");
    const page = await (await other.get(`${FORM}?kept=AAAAAAAAAAAAAAAAAAAAAA`)).text();
    expect(page).toContain("could not be kept over the new sign-in");
  });
});
