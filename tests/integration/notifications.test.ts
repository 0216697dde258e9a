/**
 * Notifications over real HTTP (issue 36, point 3), without JavaScript: the catalogue team returns a catalogue and
 * the seller finds it in the header's count and the list, linked to where to act, with the e-mail at the sandbox's
 * SMTP server; with e-mail for that event turned off, only the list has it; marking read; a staff member acting as a
 * seller sees their own; the notification service failing: every page stands and says what could not be done.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault } from "./sandbox-control";
import { resetSandbox } from "./staff-support";

const SELLER = "seller.submitted@example.com";
const SCREEN = "/product-catalogue-integration?sellerId=seller-submitted";
const REASON = "The prices are missing in every row.";
const LIST = "/notifications/me/notifications";

type Mail = { subject: string; text: string | null; envelope: { to: string[] } };

async function html(response: Response): Promise<string> {
  return (await response.text()).replaceAll("<!-- -->", "");
}

async function page(browser: TestBrowser, path: string) {
  const response = await browser.get(`${PORTAL}${path}`);
  return { status: response.status, html: await html(response) };
}

async function mailTo(address: string): Promise<Mail[]> {
  const response = await fetch(`${SANDBOX}/__sandbox/mail?format=json&to=${encodeURIComponent(address)}`);
  return ((await response.json()) as { messages: Mail[] }).messages;
}

/** The e-mails of an address once there are `count` (the service sends after it answered), or what there is after 5 s. */
async function waitForMail(address: string, count: number): Promise<Mail[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const messages = await mailTo(address);
    if (messages.length >= count || Date.now() > deadline) return messages;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function returnCatalogue() {
  const tom = new TestBrowser();
  await tom.signIn(PORTAL, "tom@example.com");
  const returned = await tom.post(`${PORTAL}${SCREEN}`, { intent: "return", sellerId: "seller-submitted", reason: REASON });
  await returned.body?.cancel();
  expect(returned.status).toBe(302);
}

let seller: TestBrowser;

beforeAll(resetSandbox);
beforeEach(async () => {
  await resetSandbox();
  seller = new TestBrowser();
  await seller.signIn(PORTAL, SELLER);
});
afterEach(async () => {
  await clearFaultsAndCounters();
  await fetch(`${SANDBOX}/__sandbox/mail/refuse`, { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"refuse":false}' });
});
afterAll(resetSandbox);

describe("the catalogue returned", () => {
  it("shows in the header's count and the list, linked to the catalogue, and arrives by e-mail", async () => {
    const before = await page(seller, "/notifications");
    expect(before.status).toBe(200);
    expect(before.html).toContain("You have no notifications yet.");
    expect(before.html).toContain('class="page-header__notifications"');
    expect(before.html).not.toContain('data-testid="unread-count"');

    await returnCatalogue();
    const after = await page(seller, "/notifications");
    expect(after.html).toContain('data-testid="unread-count">1</span>');
    expect(after.html).toContain(`The catalogue team returned the catalogue of Sonnenhof Gartenbedarf GmbH: ${REASON}`);
    expect(after.html).toMatch(/<a[^>]+href="\/upload\/catalog"[^>]*>Open/);
    // Every other page carries the count too.
    expect((await page(seller, "/overview")).html).toContain('data-testid="unread-count">1</span>');

    const [mail] = await waitForMail(SELLER, 1);
    expect(mail?.subject).toBe("Sonnenhof Gartenbedarf GmbH: your catalogue was returned");
    expect(mail?.text).toContain(`Open the catalogue: ${PORTAL}/upload/catalog`);
  });

  it("with its e-mail turned off, only the list shows it", async () => {
    const form = { intent: "preferences", HAND_OVER_RECEIVED: "on", SELLER_ACTIVE: "on", CHANGE_CONFIRMED: "on", CHANGE_REJECTED: "on", FILE_PROBLEMS: "on" };
    const saved = await seller.post(`${PORTAL}/notifications`, form);
    await saved.body?.cancel();
    expect(saved.status).toBe(303);
    const settings = await page(seller, "/notifications");
    expect(settings.html).toMatch(/<input[^>]*id="email-CATALOGUE_RETURNED"(?![^>]*checked)[^>]*>/);
    expect(settings.html).toMatch(/<input[^>]*id="email-SELLER_ACTIVE"[^>]*checked[^>]*>/);

    await returnCatalogue();
    expect((await page(seller, "/notifications")).html).toContain(REASON);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailTo(SELLER)).toEqual([]);
  });

  it("is marked read with a plain POST, and then all of them", async () => {
    await returnCatalogue();
    const listed = await page(seller, "/notifications");
    const id = /name="id" value="([^"]+)"/.exec(listed.html)?.[1];
    expect(id).toBeTruthy();
    const read = await seller.post(`${PORTAL}/notifications`, { intent: "read", id: id!, page: "1" });
    await read.body?.cancel();
    expect(read.status).toBe(303);
    expect(read.headers.get("location")).toBe("/notifications");
    const after = await page(seller, "/notifications");
    expect(after.html).not.toContain("Mark as read");
    expect(after.html).not.toContain('data-testid="unread-count"');

    const all = await seller.post(`${PORTAL}/notifications`, { intent: "read-all" });
    await all.body?.cancel();
    expect(all.status).toBe(303);
    // An id that is no id never goes upstream.
    const bad = await seller.post(`${PORTAL}/notifications`, { intent: "read", id: "../x" });
    await bad.body?.cancel();
    expect(bad.status).toBe(400);
  });

  it("keeps the notification when the e-mail cannot be sent, and says so", async () => {
    await fetch(`${SANDBOX}/__sandbox/mail/refuse`, { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"refuse":true}' });
    await returnCatalogue();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const listed = await page(seller, "/notifications");
    expect(listed.html).toContain(REASON);
    expect(listed.html).toContain("The e-mail for this could not be sent.");
  });
});

describe("a staff member acting as a seller", () => {
  it("sees their own notifications, not the seller's", async () => {
    await returnCatalogue();
    const staff = new TestBrowser();
    await staff.signIn(PORTAL, "admin@example.com");
    const started = await staff.post(`${PORTAL}/substitution/start`, {
      userProfileId: "user-seller-submitted",
      sellerId: "seller-submitted",
      returnTo: "/seller-list",
    });
    await started.body?.cancel();
    expect(started.status).toBe(302);
    const own = await page(staff, "/notifications");
    expect(own.status).toBe(200);
    expect(own.html).toContain("You are acting as seller Sonnenhof Gartenbedarf GmbH");
    expect(own.html).not.toContain(REASON);
    expect(own.html).toContain("You have no notifications yet.");
  });
});

describe("the notification service failing", () => {
  it("the list failing: the page says so and still offers the e-mail settings", async () => {
    await injectFault({ pattern: LIST, method: "GET", status: 500 });
    const failed = await page(seller, "/notifications");
    expect(failed.status).toBe(200);
    expect(failed.html).toContain("The notifications could not be loaded.");
    expect(failed.html).toContain("Save e-mail settings");
  });

  it("the settings failing to load: no form that would overwrite them", async () => {
    await injectFault({ pattern: "/notifications/me/notification-preferences", method: "GET", status: 503 });
    const failed = await page(seller, "/notifications");
    expect(failed.status).toBe(200);
    expect(failed.html).toContain("Your e-mail settings could not be loaded.");
    expect(failed.html).not.toContain("Save e-mail settings");
  });

  it("the count failing, slow or refused: every page stands without it, and the session stays", async () => {
    for (const fault of [{ status: 500 }, { status: 401 }, { latencyMs: 4000 }, { drop: true }]) {
      await clearFaultsAndCounters();
      await injectFault({ pattern: `${LIST}/unread-count`, method: "GET", ...fault });
      const started = Date.now();
      const overview = await page(seller, "/overview");
      expect(overview.status, JSON.stringify(fault)).toBe(200);
      expect(overview.html).toContain('class="page-header__notifications"');
      expect(overview.html).not.toContain('data-testid="unread-count"');
      expect(Date.now() - started, JSON.stringify(fault)).toBeLessThan(3500);
    }
    await clearFaultsAndCounters();
    expect((await page(seller, "/overview")).status).toBe(200);
  });

  it("marking read or saving settings failing: the page stands and says what could not be done", async () => {
    await returnCatalogue();
    const listed = await page(seller, "/notifications");
    const id = /name="id" value="([^"]+)"/.exec(listed.html)?.[1];
    await injectFault({ pattern: `${LIST}/${id}/read`, method: "POST", status: 503 });
    const read = await seller.post(`${PORTAL}/notifications`, { intent: "read", id: id! });
    expect(read.status).toBe(502);
    const readPage = await html(read);
    // The page stands with the entry still unread, and the toast gives the service's word.
    expect(readPage).toContain("Injected fault");
    expect(readPage).toContain("Mark as read");
    expect(readPage).toContain(REASON);

    await injectFault({ pattern: "/notifications/me/notification-preferences", method: "PUT", status: 500 });
    const saved = await seller.post(`${PORTAL}/notifications`, { intent: "preferences", SELLER_ACTIVE: "on" });
    expect(saved.status).toBe(502);
    const savedPage = await html(saved);
    expect(savedPage).toContain("Injected fault");
    expect(savedPage).toContain("Save e-mail settings");
    // Unreachable: the portal's own words.
    await clearFaultsAndCounters();
    await injectFault({ pattern: "/notifications/me/notification-preferences", method: "PUT", drop: true });
    const dropped = await seller.post(`${PORTAL}/notifications`, { intent: "preferences", SELLER_ACTIVE: "on" });
    expect(await html(dropped)).toContain("Your e-mail settings could not be saved.");
  });
});
