/**
 * A seller is a team (issue 36, point 1), with JavaScript on and off; the run without it speaks German throughout:
 * the seller administrator invites a colleague as a viewer; the invitation e-mail arrives at the sandbox's SMTP server
 * in the administrator's language; the colleague registers from its link, sets up a second factor (a viewer's role
 * does not need one, the colleague chooses it) and signs in with a code; they see the figures but no form; the administrator makes them an administrator, then removes them with the confirmation naming them; the
 * activity record shows each step with who did it.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { codeAt } from "../sandbox/second-factor.ts";
import { enterSignInCode, expectProviderSignIn, isCodePage, jsEnabled, signIn, submitProviderSignIn, waitForPortalAfterSignIn } from "./support/auth";
import { chooseLanguage } from "./support/language";
import { isPortalPath, isProviderUrl, PORTAL_URL, resetSandbox, SANDBOX_URL } from "./support/sandbox";

const TEXT = {
  en: {
    team: "Colleagues",
    email: "Email address",
    role: "Role",
    viewer: "Viewer",
    send: "Send invitation",
    invited: (email: string) => `${email} was invited as Viewer.`,
    join: "Join Nordlicht Living GmbH",
    password: "Password",
    create: "Create account",
    overview: "Overview",
    makeAdmin: "Make administrator",
    nowAdmin: (email: string) => `${email} is now Administrator.`,
    remove: "Remove",
    confirmTitle: (email: string) => `Remove ${email}?`,
    confirm: (email: string) => `Remove ${email}`,
    removed: (email: string) => `${email} was removed.`,
    removedState: /^Removed on/,
    signOut: "Sign out",
    denied: "You do not have access to that page",
    mailSubject: "Invitation to the seller portal of Nordlicht Living GmbH",
    secondFactor: "Set up two-factor sign-in (recommended)",
    enrol: "Set up at the sign-in service",
    code: "Code from the app",
    confirmCode: "Confirm",
    codes: "Recovery codes",
    kept: "I have kept them: continue",
    signIn: "Sign in",
  },
  de: {
    team: "Team",
    email: "E-Mail-Adresse",
    role: "Rolle",
    viewer: "Lesezugriff",
    send: "Einladung senden",
    invited: (email: string) => `${email} wurde eingeladen, Rolle: Lesezugriff.`,
    join: "Beitreten: Nordlicht Living GmbH",
    password: "Passwort",
    create: "Konto anlegen",
    overview: "Übersicht",
    makeAdmin: "Verwaltung geben",
    nowAdmin: (email: string) => `Neue Rolle von ${email}: Verwaltung.`,
    remove: "Entfernen",
    confirmTitle: (email: string) => `${email} entfernen?`,
    confirm: (email: string) => `${email} entfernen`,
    removed: (email: string) => `${email} wurde entfernt.`,
    removedState: /^Am .* entfernt$/,
    signOut: "Abmelden",
    denied: "Sie haben keinen Zugriff auf diese Seite",
    mailSubject: "Einladung ins Händlerportal von Nordlicht Living GmbH",
    secondFactor: "Anmeldung in zwei Schritten einrichten (empfohlen)",
    enrol: "Beim Anmeldedienst einrichten",
    code: "Code aus der App",
    confirmCode: "Bestätigen",
    codes: "Wiederherstellungscodes",
    kept: "Ich habe sie aufbewahrt: weiter",
    signIn: "Anmelden",
  },
};

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});
test.afterAll(async ({ request }) => {
  // The administrator's language choice is saved to the account: the seed's again for the specs after this one.
  await resetSandbox(request);
});

/** The row of a person in the colleagues table. */
function row(page: Page, email: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: email, exact: true }) });
}

/** The colleague's own browser, in the run's language (the provider's pages follow the portal's). */
async function colleagueBrowser(browser: Browser, language: "en" | "de", javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL: PORTAL_URL, locale: language === "de" ? "de-DE" : "en-GB", javaScriptEnabled });
  return { context, page: await context.newPage() };
}

test("an administrator invites a viewer, who registers from the link; then promotes and removes them", async ({ page, browser, request }, testInfo) => {
  // Two people, three sign-ins and a registration: longer than one page's test.
  test.setTimeout(60_000);
  const language = jsEnabled(testInfo) ? "en" : "de";
  const text = TEXT[language];
  const email = `colleague.${testInfo.project.name}@example.com`;

  // The administrator opens the colleagues page from my company and invites a viewer.
  await signIn(page, "seller.active@example.com", { expectPath: "/home/overview" });
  if (language === "de") await chooseLanguage(page, "de", "/home/my-company/logistics");
  else await page.goto("/home/my-company/logistics");
  await page.getByRole("link", { name: text.team, exact: true }).click();
  await page.waitForURL(isPortalPath("/team"));
  await expect(page.getByRole("heading", { level: 1, name: text.team })).toBeVisible();
  const invite = page.locator("#invite-colleague");
  await invite.getByLabel(text.email).fill(email);
  await invite.getByLabel(text.role).selectOption({ label: text.viewer });
  await invite.getByRole("button", { name: text.send }).click();
  await expect(page.getByText(text.invited(email))).toBeVisible();
  await expect(row(page, email).getByRole("cell", { name: text.viewer, exact: true })).toBeVisible();
  // Sent: the form is empty for the next colleague (with JavaScript too, where the page is not reloaded).
  await expect(invite.getByLabel(text.email)).toHaveValue("");

  // The invitation e-mail arrives at the sandbox's SMTP server, in the inviting administrator's language, with the link.
  const mails = async () =>
    (
      (await (await request.get(`${SANDBOX_URL}/__sandbox/mail?format=json&to=${encodeURIComponent(email)}`)).json()) as {
        messages: { subject: string; text: string }[];
      }
    ).messages;
  await expect.poll(async () => (await mails()).map((mail) => mail.subject)).toEqual([text.mailSubject]);
  const link = new URL(/(http\S+\/register\?invitation=\S+)/.exec((await mails())[0]!.text)![1]!);

  // The colleague registers from it: the address is the invitation's, only a password to choose.
  const colleague = await colleagueBrowser(browser, language, jsEnabled(testInfo));
  try {
    const other = colleague.page;
    await other.goto(`${link.pathname}${link.search}`);
    await other.waitForURL(isProviderUrl);
    await expect(other.getByRole("heading", { level: 1, name: text.join })).toBeVisible();
    await expect(other.getByLabel(text.email)).toHaveValue(email);
    await other.getByLabel(text.password).fill("secret-1");
    await other.getByRole("button", { name: text.create }).click();
    await other.waitForURL(isPortalPath("/home/overview"));

    // A viewer's role needs no second factor; the colleague sets one up all the same: password, the key, a first code.
    await other.goto("/security/second-factor");
    await expect(other.getByRole("heading", { level: 1, name: text.secondFactor })).toBeVisible();
    await other.getByRole("link", { name: text.enrol }).click();
    await expectProviderSignIn(other);
    await submitProviderSignIn(other, email, "secret-1");
    const key = (await other.locator("#second-factor-key").textContent())!.replace(/\s/g, "");
    await other.getByLabel(text.code).fill(codeAt(key, Math.floor(Date.now() / 1000)));
    await other.getByRole("button", { name: text.confirmCode }).click();
    await expect(other.getByRole("list", { name: text.codes }).getByRole("listitem")).toHaveCount(10);
    await other.getByRole("button", { name: text.kept }).click();
    await other.waitForURL(isPortalPath("/home/overview"));

    // Signed out and in again with the new password and a code: the viewer's figures, no form of an administrator.
    await other.getByRole("banner").getByRole("button", { name: text.signOut }).click();
    await other.waitForURL(isPortalPath("/"));
    await other.goto("/login");
    await expectProviderSignIn(other);
    await other.getByLabel(text.email).fill(email);
    await other.getByLabel(text.password).fill("secret-1");
    await other.getByRole("button", { name: text.signIn, exact: true }).click();
    await other.waitForURL((url) => isCodePage(url));
    await enterSignInCode(other, email);
    expect(await waitForPortalAfterSignIn(other)).toBe("/home/overview");
    await expect(other.getByRole("heading", { level: 1, name: text.overview })).toBeVisible();
    await expect(other.locator("#key-figures-title")).toBeVisible();
    await expect(other.locator('a[href="/team"], a[href^="/home/my-company"]')).toHaveCount(0);
    await expect(other.locator("main form")).toHaveCount(0);
    await other.goto("/team");
    await other.waitForURL(isPortalPath("/home/overview"));
    await expect(other.getByRole("alert").filter({ hasText: text.denied })).toBeVisible();
  } finally {
    await colleague.context.close();
  }

  // The administrator makes them an administrator, then removes them after the confirmation naming them.
  await page.goto("/team");
  await row(page, email).getByRole("button", { name: text.makeAdmin }).click();
  await expect(page.getByText(text.nowAdmin(email))).toBeVisible();
  await row(page, email).getByRole("link", { name: text.remove }).click();
  await expect(page.getByRole("heading", { level: 1, name: text.confirmTitle(email) })).toBeVisible();
  await page.getByRole("button", { name: text.confirm(email) }).click();
  await page.waitForURL(isPortalPath("/team"));
  await expect(page.getByText(text.removed(email))).toBeVisible();
  await expect(row(page, email).getByRole("cell", { name: text.removedState })).toBeVisible();

  // The record, from the colleagues page: each step with who did it (the colleague joined; the administrator did the rest).
  await page.getByRole("link", { name: /^(Activity: who did what|Aktivitäten: wer hat was getan)$/ }).click();
  await page.waitForURL(isPortalPath("/team/activity"));
  for (const kind of ["USER_INVITED", "USER_JOINED", "ROLE_CHANGED", "USER_REMOVED"]) {
    const entry = page.locator(`tr[data-kind="${kind}"]`).filter({ hasText: email });
    await expect(entry, kind).toHaveCount(1);
    await expect(entry, kind).toContainText(kind === "USER_JOINED" ? email : "seller.active@example.com");
  }
});
