/**
 * Obligations with due dates over real HTTP (docs/product.md §9, contract/obligations.ts): the sandbox's compliance
 * calendar computes what the active seller owes from its own data (the ID's expiry from the identification step)
 * against its own clock, which the test moves through the control interface, never the portal's. Shown on the home
 * overview with its date and where to act; reminded 14 and 3 days before, each once, in the user's language; past
 * due, it holds back catalogue updates (said where the update is sent, refused in the action and by the service) and
 * the seller is in the staff list's past-due filter, with the count on the seller page.
 */
import { addDays } from "#contract/obligations.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { upstreamAs } from "./onboarding-support";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, requestCount } from "./sandbox-control";
import { as, resetSandbox } from "./staff-support";
import { ACTIVE_SELLER_ID_VALID_DAYS } from "../../sandbox/seed-onboarding.ts";

const SELLER = "seller.active@example.com";
const UPDATES = "/catalogue-upload/me/seller/catalogue-updates";

type Mail = { subject: string; text: string | null };
type Notification = { kind: string; params: Record<string, string | number>; link: string };

async function page(browser: TestBrowser, path: string) {
  const response = await browser.get(`${PORTAL}${path}`);
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

async function clock(body: { today: string } | { offsetDays: number }) {
  const response = await fetch(`${SANDBOX}/__sandbox/clock`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return (await response.json()) as { today: string; reminded: number };
}

async function requirementNotifications(): Promise<Notification[]> {
  const response = await upstreamAs(SELLER, "/notifications/me/notifications?size=100");
  const { items } = (await response.json()) as { items: Notification[] };
  return items.filter((item) => item.kind === "REQUIREMENT_DUE");
}

/** The e-mails to the seller once there are `count` (the service sends after it answered), or what there is after 5 s. */
async function mailsAbout(subjectPart: string, count: number): Promise<Mail[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const response = await fetch(`${SANDBOX}/__sandbox/mail?format=json&to=${encodeURIComponent(SELLER)}`);
    const messages = ((await response.json()) as { messages: Mail[] }).messages.filter((mail) => mail.subject.includes(subjectPart));
    if (messages.length >= count || Date.now() > deadline) return messages;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let seller: TestBrowser;
/** The last day the seeded ID is valid: the obligation's due date. */
let dueDate: string;

beforeAll(async () => {
  await resetSandbox();
  await fetch(`${SANDBOX}/__sandbox/mail`, { method: "DELETE" });
  const { seededOn } = (await (await fetch(`${SANDBOX}/__sandbox/clock`)).json()) as { seededOn: string };
  dueDate = addDays(seededOn, ACTIVE_SELLER_ID_VALID_DAYS - 1);
  seller = new TestBrowser();
  await seller.signIn(PORTAL, SELLER);
});
afterAll(async () => {
  await clearFaultsAndCounters();
  await resetSandbox();
});

describe("an ID document that expires, on the marketplace's calendar", () => {
  it("owes nothing on the real calendar: no obligation on the overview, none in the staff filter", async () => {
    const overview = await page(seller, "/home/overview");
    expect(overview.status).toBe(200);
    expect(overview.html).not.toContain("What the marketplace needs from you");
    const staff = await as("OPERATOR_SUCCESSMANAGER");
    const list = await page(staff, "/seller-list?pastDue=true");
    expect(list.html).not.toContain("Nordlicht Living GmbH");
    expect(await requirementNotifications()).toEqual([]);
  });

  it("10 days before: on the overview with its date and where to act, reminded once (the 14-day reminder), updates still open", async () => {
    const moved = await clock({ today: addDays(dueDate, -10) });
    expect(moved.reminded).toBe(1);
    const overview = await page(seller, "/home/overview");
    expect(overview.html).toContain("What the marketplace needs from you");
    expect(overview.html).toContain("A valid ID document of your representative");
    const shown = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${dueDate}T00:00:00Z`));
    expect(overview.html).toContain(`Due by ${shown}.`);
    expect(overview.html).toContain('href="/home/my-company/legal-documents"');
    expect(overview.html).toContain("Once past due, the marketplace holds back catalogue updates and payouts until it is done.");
    expect(overview.html).not.toContain('data-obligation-restricted="');

    const [notification, ...more] = await requirementNotifications();
    expect(more).toEqual([]);
    expect(notification).toMatchObject({ link: "/home/my-company/legal-documents", params: { subject: "IDENTITY_DOCUMENT", dueDate, daysLeft: 10 } });
    const [mail] = await mailsAbout("is due by", 1);
    expect(mail?.subject).toBe(`Nordlicht Living GmbH: A valid ID document of your representative is due by ${dueDate}`);
    expect(mail?.text).toContain(`Open the seller portal: ${PORTAL}/home/my-company/legal-documents`);
    // The list words it in the reader's language, from the subject and the day.
    expect((await page(seller, "/notifications")).html).toContain(`A valid ID document of your representative is due by ${shown}.`);

    // The calendar runs again on the same day, and the next: no second reminder.
    await fetch(`${SANDBOX}/__sandbox/obligations/run`, { method: "POST" });
    expect((await clock({ today: addDays(dueDate, -9) })).reminded).toBe(0);
    expect(await requirementNotifications()).toHaveLength(1);

    const catalogue = await page(seller, "/home/catalogue");
    expect(catalogue.html).not.toContain('data-obligation-restricted="CATALOGUE_UPDATES"');
  });

  it("3 days before: the second reminder, once, in the user's language (German)", async () => {
    expect((await upstreamAs(SELLER, "/user-profile/me/user/language?language=de", { method: "PUT" })).status).toBe(200);
    expect((await clock({ today: addDays(dueDate, -2) })).reminded).toBe(1);
    expect((await clock({ today: addDays(dueDate, -1) })).reminded).toBe(0);
    const notifications = await requirementNotifications();
    expect(notifications.map((item) => item.params.daysLeft)).toEqual([2, 10]);
    const [mail] = await mailsAbout("fällig", 1);
    const [year, month, day] = dueDate.split("-");
    expect(mail?.subject).toBe(
      `Nordlicht Living GmbH: Ein gültiges Ausweisdokument Ihrer vertretungsberechtigten Person ist bis ${day}.${month}.${year} fällig`,
    );
    expect(mail?.text).toContain("in 2 Tagen");
    expect((await upstreamAs(SELLER, "/user-profile/me/user/language?language=en", { method: "PUT" })).status).toBe(200);
  });

  it("past due: the overview says what is held back; catalogue updates are refused by the portal and the service", async () => {
    expect((await clock({ today: addDays(dueDate, 1) })).reminded).toBe(0);
    const overview = await page(seller, "/home/overview");
    expect(overview.html).toContain("Past due");
    expect(overview.html).toContain('data-obligation-restricted="CATALOGUE_UPDATES PAYOUTS"');
    expect(overview.html).toContain("Something the marketplace needs is past due, so it holds back catalogue updates and payouts until it is done.");

    // Said where the update is sent, with no button to send it.
    const catalogue = await page(seller, "/home/catalogue");
    expect(catalogue.html).toContain('data-obligation-restricted="CATALOGUE_UPDATES"');
    expect(catalogue.html).toContain("You cannot send catalogue updates right now");
    expect(catalogue.html).not.toMatch(/name="intent" value="send"/);

    // A send posted all the same: refused before any upstream call.
    await clearFaultsAndCounters();
    const refused = await seller.post(`${PORTAL}/home/catalogue`, { intent: "send" });
    expect(refused.status).toBe(409);
    expect((await refused.text()).replaceAll("<!-- -->", "")).toContain("The update was not sent: a past-due obligation holds back catalogue updates.");
    expect(await requestCount(UPDATES, "POST")).toBe(0);

    // The service refuses it too, whoever asks.
    const direct = await upstreamAs(SELLER, UPDATES, { method: "POST" });
    expect(direct.status).toBe(409);
    expect(((await direct.json()) as { errorCode: string }).errorCode).toBe("OBLIGATION_PAST_DUE");
  });

  it("past due: staff find the seller with the list's filter (in the address, no script needed), and the count on its page", async () => {
    const staff = await as("OPERATOR_SUCCESSMANAGER");
    const filtered = await page(staff, "/seller-list?pastDue=true");
    expect(filtered.status).toBe(200);
    expect(filtered.html).toContain("Nordlicht Living GmbH");
    expect(filtered.html).toContain("1 obligation past due");
    expect(filtered.html).toMatch(/<input[^>]*id="seller-past-due"[^>]*checked[^>]*>/);
    expect(filtered.html).not.toContain("Hafenkontor Wohnideen GmbH");
    // Without the filter, the others are there too.
    expect((await page(staff, "/seller-list")).html).toContain("Hafenkontor Wohnideen GmbH");

    const sellerPage = await page(staff, "/sellers/seller-active");
    expect(sellerPage.html).toContain('data-past-due-obligations="1"');
    expect(sellerPage.html).toContain("Obligations past due: 1");
  });

  it("back on the real calendar: nothing is held back any more", async () => {
    await clock({ offsetDays: 0 });
    const catalogue = await page(seller, "/home/catalogue");
    expect(catalogue.html).not.toContain('data-obligation-restricted="CATALOGUE_UPDATES"');
    const staff = await as("OPERATOR_SUCCESSMANAGER");
    expect((await page(staff, "/seller-list?pastDue=true")).html).not.toContain("Nordlicht Living GmbH");
  });
});
