/**
 * Obligations with due dates, as an active seller and staff meet them: the seller's ID expires in 10 days on the
 * marketplace's calendar (the sandbox's clock, moved by the test; the portal's stays real), so the home overview
 * shows what is needed with its date and the way to act, where the seller sends a new ID document with its expiry
 * date (a change of my company: reviewed, confirmed, then waiting for the marketplace); once the date has passed with
 * the new document still waiting, staff find the seller with the seller list's past-due filter and the count on its
 * seller page, and once the marketplace confirms the new document, the obligation is gone. JavaScript on (in English)
 * and off (in German).
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { addDays } from "#contract/obligations.ts";
import { pdfBytes } from "../tests/support/onboarding-fixtures";
import { ACTIVE_SELLER_ID_VALID_DAYS } from "../sandbox/seed-onboarding.ts";
import { jsEnabled, signIn, signInAndOpen } from "./support/auth";
import { expectAccessible } from "./support/axe";
import { chooseLanguage } from "./support/language";
import { isPortalPath, resetSandbox, SANDBOX_URL } from "./support/sandbox";

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});
test.afterEach(async ({ request }) => {
  await resetSandbox(request);
});

const words = {
  en: {
    title: "What the marketplace needs from you",
    id: "A valid ID document of your representative",
    dueBy: (date: string) => `Due by ${date}.`,
    act: "Take care of it: A valid ID document of your representative",
    legalDocuments: "Legal documents",
    uploadId: "Upload a new ID document",
    validUntil: "ID document valid until",
    toReview: "Continue to review",
    confirm: "Confirm and send to the marketplace",
    waiting: "Waiting for the marketplace",
    signOut: "Sign out",
    filter: "With past-due obligations only",
    apply: "Show sellers",
    badge: "1 obligation past due",
    sellerPage: "Obligations past due: 1",
    nonePastDue: "No obligation past due.",
  },
  de: {
    title: "Was der Marktplatz von Ihnen braucht",
    id: "Ein gültiges Ausweisdokument Ihrer vertretungsberechtigten Person",
    dueBy: (date: string) => `Fällig bis ${date}.`,
    act: "Jetzt erledigen: Ein gültiges Ausweisdokument Ihrer vertretungsberechtigten Person",
    legalDocuments: "Rechtliche Dokumente",
    uploadId: "Neues Ausweisdokument hochladen",
    validUntil: "Ausweisdokument gültig bis",
    toReview: "Weiter zur Prüfung",
    confirm: "Bestätigen und an den Marktplatz senden",
    waiting: "Wartet auf den Marktplatz",
    signOut: "Abmelden",
    filter: "Nur mit überfälligen Pflichten",
    apply: "Händler anzeigen",
    badge: "1 Pflicht überfällig",
    sellerPage: "Überfällige Pflichten: 1",
    nonePastDue: "Keine Pflicht überfällig.",
  },
};

/** Moves the marketplace's calendar to a day (the sandbox's clock only). */
async function moveClock(request: APIRequestContext, today: string) {
  expect((await request.post(`${SANDBOX_URL}/__sandbox/clock`, { data: { today } })).status()).toBe(200);
}

async function signOutIn(page: Page, label: string) {
  await page.getByRole("banner").getByRole("button", { name: label }).click();
  await page.waitForURL(isPortalPath("/"));
}

test("an ID expiring in 10 days is on the seller's overview with its date; past the date, staff find the seller in the past-due list", async ({
  page,
  request,
}, testInfo) => {
  // Two sign-ins, each with its second factor, on a shared machine.
  test.setTimeout(60_000);
  const js = jsEnabled(testInfo);
  const language = js ? "en" : "de";
  const w = words[language];
  const { seededOn } = (await (await request.get(`${SANDBOX_URL}/__sandbox/clock`)).json()) as { seededOn: string };
  const dueDate = addDays(seededOn, ACTIVE_SELLER_ID_VALID_DAYS - 1);
  await moveClock(request, addDays(dueDate, -10));

  await signIn(page, "seller.active@example.com", { expectPath: "/home/overview" });
  if (!js) await chooseLanguage(page, "de", "/home/overview");
  const section = page.locator("section.obligations");
  await expect(section.getByRole("heading", { name: w.title })).toBeVisible();
  await expect(section.getByRole("heading", { name: w.id })).toBeVisible();
  const date = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${dueDate}T00:00:00Z`));
  await expect(section).toContainText(w.dueBy(date));
  // The audit runs where scripts run (a11y-pages audits the pages as seeded, with nothing due).
  if (js) await expectAccessible(page, testInfo, "home overview with an obligation coming due");
  await section.getByRole("link", { name: w.act }).click();
  await page.waitForURL(isPortalPath("/home/my-company/legal-documents"));
  await expect(page.getByRole("heading", { name: w.legalDocuments, level: 1 })).toBeVisible();
  // The seller sends a new ID document with the date it expires: reviewed, confirmed, then waiting for the marketplace.
  await page.getByRole("link", { name: w.uploadId }).click();
  await page.waitForURL((url) => url.pathname === "/home/my-company/legal-documents/new");
  await page.getByLabel(w.validUntil).fill(addDays(dueDate, 3650));
  await page.locator('input[type="file"][name="file"]').setInputFiles({ name: "ausweis-neu.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdfBytes) });
  await page.getByRole("button", { name: w.toReview }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/home/my-company/changes/"));
  await expect(page.getByText("ausweis-neu.pdf")).toBeVisible();
  await page.getByRole("button", { name: w.confirm }).click();
  await page.waitForURL(isPortalPath("/home/my-company/legal-documents"));
  await expect(page.getByText(w.waiting).first()).toBeVisible();
  await signOutIn(page, w.signOut);

  // The date passes on the marketplace's calendar.
  await moveClock(request, addDays(dueDate, 1));
  // Opened straight (the welcome page after signing out is in the seller's language).
  await signInAndOpen(page, "success@example.com", "/seller-list");
  if (!js) await chooseLanguage(page, "de", "/seller-list");
  await page.getByLabel(w.filter).check();
  await page.getByRole("button", { name: w.apply }).click();
  await page.waitForURL((url) => url.pathname === "/seller-list" && url.searchParams.get("pastDue") === "true");
  const row = page.getByRole("row").filter({ hasText: "Nordlicht Living GmbH" });
  await expect(row).toContainText(w.badge);
  await expect(page.getByRole("row").filter({ hasText: "Hafenkontor Wohnideen GmbH" })).toHaveCount(0);
  await row.getByRole("link", { name: "Nordlicht Living GmbH" }).first().click();
  await page.waitForURL(isPortalPath("/sellers/seller-active"));
  await expect(page.getByText(w.sellerPage)).toBeVisible();

  // The marketplace confirms the new ID document: its later date is the one on record, and nothing is past due.
  expect((await request.post(`${SANDBOX_URL}/__sandbox/company-changes/decide`, { data: {} })).status()).toBe(200);
  expect((await request.post(`${SANDBOX_URL}/__sandbox/obligations/run`)).status()).toBe(200);
  await page.reload();
  await expect(page.getByText(w.nonePastDue)).toBeVisible();
});
