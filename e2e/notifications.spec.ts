/**
 * Notifications (issue 36, point 3), with JavaScript on and off; the seller of the run without it reads German: the
 * catalogue team returns a catalogue; the seller sees the unread count in the header, the entry in the list and its
 * link to the catalogue, marks it read, and the e-mail in their language arrives at the sandbox's SMTP server (read
 * through /__sandbox/mail). A second seller turns the e-mail for that event off first: their return shows only in
 * the portal.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { expectProviderSignIn, jsEnabled, signIn, signInAndOpen, submitProviderSignIn, waitForPortalAfterSignIn } from "./support/auth";
import { chooseLanguage } from "./support/language";
import { isPortalPath, PORTAL_URL, resetSandbox, SANDBOX_URL } from "./support/sandbox";

const TEXT = {
  en: {
    unread: "Notifications 1 unread",
    none: "Notifications",
    title: "Notifications",
    entry: (seller: string, reason: string) => `The catalogue team returned the catalogue of ${seller}: ${reason}`,
    open: "Open",
    markRead: "Mark as read",
    read: "Read",
    emailOption: "the catalogue team returns the catalogue",
    save: "Save e-mail settings",
    saved: "Your e-mail settings were saved.",
    subject: (seller: string) => `${seller}: your catalogue was returned`,
    action: "Open the catalogue",
    signOut: "Sign out",
  },
  de: {
    unread: "Benachrichtigungen 1 ungelesen",
    none: "Benachrichtigungen",
    title: "Benachrichtigungen",
    entry: (seller: string, reason: string) => `Das Katalogteam hat den Katalog von ${seller} zurückgegeben: ${reason}`,
    open: "Öffnen",
    markRead: "Als gelesen markieren",
    read: "Gelesen",
    emailOption: "das Katalogteam den Katalog zurückgibt",
    save: "E-Mail-Einstellungen speichern",
    saved: "Ihre E-Mail-Einstellungen wurden gespeichert.",
    subject: (seller: string) => `${seller}: Ihr Katalog wurde zurückgegeben`,
    action: "Katalog öffnen",
    signOut: "Abmelden",
  },
};

type Mail = { subject: string; text: string | null };

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});
test.afterAll(async ({ request }) => {
  // The sellers' language choice is saved to their accounts: the seed's again for the specs after this one.
  await resetSandbox(request);
});

async function mailTo(request: APIRequestContext, address: string): Promise<Mail[]> {
  const answer = await request.get(`${SANDBOX_URL}/__sandbox/mail?format=json&to=${encodeURIComponent(address)}`);
  return ((await answer.json()) as { messages: Mail[] }).messages;
}

/** The catalogue team returns a seller's catalogue with a reason, in a browser of its own (in English). */
async function returnCatalogue(browser: Browser, javaScriptEnabled: boolean, sellerId: string, reason: string) {
  const context = await browser.newContext({ baseURL: PORTAL_URL, locale: "en-GB", javaScriptEnabled });
  try {
    const page = await context.newPage();
    await signInAndOpen(page, "tom@example.com", `/product-catalogue-integration?sellerId=${sellerId}`);
    await page.getByLabel("What must the seller change?").fill(reason);
    await page.getByRole("button", { name: "Return to the seller" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The catalogue went back to" })).toBeVisible();
  } finally {
    await context.close();
  }
}

/** The header's link to the notifications, by its name (with the unread count when there is one). */
const headerLink = (page: Page, name: string) => page.getByRole("banner").getByRole("link", { name, exact: true });

test("the catalogue team returns a catalogue: the seller sees it in the portal and by e-mail in their language; with that e-mail off, only in the portal", async ({
  page,
  browser,
  request,
}, testInfo) => {
  // Two sellers, the catalogue team twice: more than one page's test.
  test.setTimeout(90_000);
  const javaScript = jsEnabled(testInfo);
  const language = javaScript ? "en" : "de";
  const text = TEXT[language];
  const reason = "The prices are missing in every row.";

  // The seller reads the portal in the run's language (saved to their account: the e-mail follows it).
  await signIn(page, "seller.submitted@example.com", { expectPath: "/overview" });
  if (language === "de") await chooseLanguage(page, "de", "/overview");
  await expect(headerLink(page, text.none)).toBeVisible();

  await returnCatalogue(browser, javaScript, "seller-submitted", reason);

  // The header counts it on the next page; the list shows it with where to act.
  await page.goto("/overview");
  await headerLink(page, text.unread).click();
  await page.waitForURL(isPortalPath("/notifications"));
  await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
  const entry = page.getByRole("listitem").filter({ hasText: text.entry("Sonnenhof Gartenbedarf GmbH", reason) });
  await expect(entry).toBeVisible();
  await entry.getByRole("link", { name: new RegExp(`^${text.open}`) }).click();
  await page.waitForURL(isPortalPath("/upload/catalog"));

  // Marked read: the entry says so and the header's count is gone.
  await page.goto("/notifications");
  await entry.getByRole("button", { name: new RegExp(`^${text.markRead}`) }).click();
  await expect(entry.getByText(text.read, { exact: true })).toBeVisible();
  await expect(headerLink(page, text.none)).toBeVisible();

  // The e-mail arrived at the sandbox's SMTP server, in the seller's language, with the link back.
  await expect
    .poll(async () => (await mailTo(request, "seller.submitted@example.com")).map((mail) => mail.subject))
    .toEqual([text.subject("Sonnenhof Gartenbedarf GmbH")]);
  const [mail] = await mailTo(request, "seller.submitted@example.com");
  expect(mail?.text).toContain(`${text.action}: ${PORTAL_URL}/upload/catalog`);
  await page.getByRole("banner").getByRole("button", { name: text.signOut }).click();
  await page.waitForURL(isPortalPath("/"));

  // A second seller turns the e-mail for a returned catalogue off; their return shows only in the portal.
  const other = "owner@spreewald-leuchten.example.com";
  await page.goto("/login");
  await expectProviderSignIn(page);
  await submitProviderSignIn(page, other);
  await waitForPortalAfterSignIn(page);
  if (language === "de") await chooseLanguage(page, "de", "/notifications");
  else await page.goto("/notifications");
  await page.getByLabel(text.emailOption).uncheck();
  await page.getByRole("button", { name: text.save }).click();
  await expect(page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: text.saved })).toBeVisible();
  await expect(page.getByLabel(text.emailOption)).not.toBeChecked();

  await returnCatalogue(browser, javaScript, "seller-submitted-2", reason);
  await page.goto("/notifications");
  await expect(headerLink(page, text.unread)).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: text.entry("Spreewald Leuchten GmbH", reason) })).toBeVisible();
  // The first seller's e-mail came within a second; none comes for this one.
  await page.waitForTimeout(1000);
  expect(await mailTo(request, other)).toEqual([]);
});
