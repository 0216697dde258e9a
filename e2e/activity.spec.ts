/**
 * Who did what, with JavaScript on and off (the run without it speaks German throughout): a seller administrator
 * invites a colleague, who joins from the invitation's link; the administrator changes their role and removes them;
 * the seller's record shows each step with who did it, and filters by kind through its form; staff see the same
 * record from the seller page.
 */
import { expect, test, type Page } from "@playwright/test";
import { jsEnabled, signIn } from "./support/auth";
import { chooseLanguage } from "./support/language";
import { isPortalPath, isProviderUrl, PORTAL_URL, resetSandbox, SANDBOX_URL } from "./support/sandbox";
import { pageEvents } from "./support/page-events";

const TEXT = {
  en: {
    team: "Colleagues",
    activityLink: "Activity: who did what",
    activity: "Activity",
    email: "Email address",
    role: "Role",
    viewer: "Viewer",
    send: "Send invitation",
    password: "Password",
    create: "Create account",
    makeAdmin: "Make administrator",
    remove: "Remove",
    confirm: (email: string) => `Remove ${email}`,
    kind: "Kind of change",
    roleChanged: "Role changed",
    show: "Show",
    steps: (email: string) => [
      ["Colleague removed", `Removed ${email} (Administrator).`, "seller.active@example.com"],
      ["Role changed", `Changed the role of ${email} from Viewer to Administrator.`, "seller.active@example.com"],
      ["Colleague joined", "Joined from an invitation as Viewer.", email],
      ["Colleague invited", `Invited ${email} as Viewer.`, "seller.active@example.com"],
    ],
    staffLink: "Activity record: who did what",
    staffTitle: "Activity of Nordlicht Living GmbH",
  },
  de: {
    team: "Team",
    activityLink: "Aktivitäten: wer hat was getan",
    activity: "Aktivitäten",
    email: "E-Mail-Adresse",
    role: "Rolle",
    viewer: "Lesezugriff",
    send: "Einladung senden",
    password: "Passwort",
    create: "Konto anlegen",
    makeAdmin: "Verwaltung geben",
    remove: "Entfernen",
    confirm: (email: string) => `${email} entfernen`,
    kind: "Art der Änderung",
    roleChanged: "Rolle geändert",
    show: "Anzeigen",
    steps: (email: string) => [
      ["Person entfernt", `Hat ${email} (Verwaltung) entfernt.`, "seller.active@example.com"],
      ["Rolle geändert", `Hat die Rolle von ${email} geändert: vorher Lesezugriff, jetzt Verwaltung.`, "seller.active@example.com"],
      ["Person beigetreten", "Ist über eine Einladung beigetreten, Rolle: Lesezugriff.", email],
      ["Person eingeladen", `Hat ${email} eingeladen, Rolle: Lesezugriff.`, "seller.active@example.com"],
    ],
    staffLink: "Aktivitäten: wer hat was getan",
    staffTitle: "Aktivitäten von Nordlicht Living GmbH",
  },
};

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});
test.afterAll(async ({ request }) => {
  await resetSandbox(request);
});

function colleagueRow(page: Page, email: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: email, exact: true }) });
}

/** The record's rows, each as [what, details, who]. */
async function recordRows(page: Page): Promise<string[][]> {
  const rows = page.locator("tr[data-kind]");
  const count = await rows.count();
  const found: string[][] = [];
  for (let index = 0; index < count; index++) {
    const cells = rows.nth(index).locator("th, td");
    found.push([await cells.nth(1).innerText(), await cells.nth(2).innerText(), await cells.nth(3).innerText()]);
  }
  return found;
}

test("the record shows who invited, promoted and removed a colleague, filtered by kind; staff see it too", async ({ page, browser, request }, testInfo) => {
  // Two people, a registration and a staff member's sign-in: longer than one page's test.
  test.setTimeout(60_000);
  const language = jsEnabled(testInfo) ? "en" : "de";
  const text = TEXT[language];
  const email = `activity.${testInfo.project.name}@example.com`;

  await signIn(page, "seller.active@example.com", { expectPath: "/home/overview" });
  if (language === "de") await chooseLanguage(page, "de", "/team");
  else await page.goto("/team");
  const invite = page.locator("#invite-colleague");
  await invite.getByLabel(text.email).fill(email);
  await invite.getByLabel(text.role).selectOption({ label: text.viewer });
  await invite.getByRole("button", { name: text.send }).click();
  await expect(colleagueRow(page, email)).toBeVisible();

  // The colleague joins from the link the e-mail would carry (the sandbox's control interface hands it over).
  const answer = await request.get(`${SANDBOX_URL}/__sandbox/invitations?email=${encodeURIComponent(email)}`);
  const link = new URL(((await answer.json()) as { invitations: { link: string }[] }).invitations[0]!.link);
  const context = await browser.newContext({ baseURL: PORTAL_URL, locale: language === "de" ? "de-DE" : "en-GB", javaScriptEnabled: jsEnabled(testInfo) });
  try {
    const other = await context.newPage();
    await other.goto(`${link.pathname}${link.search}`);
    await other.waitForURL(isProviderUrl);
    await other.getByLabel(text.password).fill("secret-1");
    await other.getByRole("button", { name: text.create }).click();
    await other.waitForURL(isPortalPath("/home/overview"));
  } finally {
    await context.close();
  }

  // The administrator makes them an administrator, then removes them.
  await page.goto("/team");
  await colleagueRow(page, email).getByRole("button", { name: text.makeAdmin }).click();
  await expect(colleagueRow(page, email).getByRole("button", { name: text.makeAdmin })).toHaveCount(0);
  await colleagueRow(page, email).getByRole("link", { name: text.remove }).click();
  await page.getByRole("button", { name: text.confirm(email) }).click();
  await page.waitForURL(isPortalPath("/team"));

  // The record, from the colleagues page: each step, newest first, with who did it. A fresh run once saw this click
  // lead nowhere within the test's time (the page stayed at /team): what the page did then goes into the failure.
  const events = pageEvents(page);
  await page.getByRole("link", { name: text.activityLink }).click();
  await page.waitForURL(isPortalPath("/team/activity"), { timeout: 15_000 }).catch((error: Error) => {
    throw new Error(`${error.message}\nWhat the page did after the click:\n${events()}`);
  });
  await expect(page.getByRole("heading", { level: 1, name: text.activity })).toBeVisible();
  expect((await recordRows(page)).slice(0, 4)).toEqual(text.steps(email));

  // Filtered by kind through the form: the address carries the filter.
  await page.getByLabel(text.kind).selectOption({ label: text.roleChanged });
  await page.getByRole("button", { name: text.show }).click();
  await page.waitForURL((url) => url.pathname === "/team/activity" && url.searchParams.get("kind") === "ROLE_CHANGED");
  await expect(page.locator("tr[data-kind]")).toHaveCount(1);
  expect(await recordRows(page)).toEqual([text.steps(email)[1]]);

  // Staff see the same record from the seller page.
  // Signed in from the welcome page in English (as the administrator above), then switched to the run's language.
  const staffContext = await browser.newContext({ baseURL: PORTAL_URL, locale: "en-GB", javaScriptEnabled: jsEnabled(testInfo) });
  try {
    const staff = await staffContext.newPage();
    await signIn(staff, "success@example.com", { expectPath: "/seller-list" });
    if (language === "de") await chooseLanguage(staff, "de", "/sellers/seller-active");
    else await staff.goto("/sellers/seller-active");
    await staff.getByRole("link", { name: text.staffLink }).click();
    await staff.waitForURL(isPortalPath("/sellers/seller-active/activity"));
    await expect(staff.getByRole("heading", { level: 1, name: text.staffTitle })).toBeVisible();
    expect((await recordRows(staff)).slice(0, 4)).toEqual(text.steps(email));
  } finally {
    await staffContext.close();
  }
});
