import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { jsEnabled, signInAndOpen } from "./support/auth";
import { PORTAL_URL, resetSandbox } from "./support/sandbox";
import { expectAccessible, NO_JS_AUDIT_LANGUAGE } from "./support/axe";

// axe is JavaScript: a browser with JavaScript off cannot run it (its evaluate never settles).
// The "no-js" project audits the same thing such a browser shows instead: the server's HTML,
// with the portal's own scripts blocked so nothing hydrates; only axe runs.
test.use({ javaScriptEnabled: true });

test.beforeEach(async ({ context }, testInfo) => {
  if (jsEnabled(testInfo)) return;
  await context.route(`${PORTAL_URL}/assets/**/*.js`, (route) => route.abort("blockedbyclient"));
});

type Setting = { language: "en" | "de"; width: 1280 | 390 };

/** Every language at every width. */
const ALL_SETTINGS: Setting[] = [
  { language: "en", width: 1280 },
  { language: "en", width: 390 },
  { language: "de", width: 1280 },
  { language: "de", width: 390 },
];
/**
 * Each language and each width once, German on the phone (its longer words at
 * the narrowest width are the likelier trouble): half the cost of all four,
 * for the signed-in pages.
 */
const PAIRED_SETTINGS: Setting[] = [
  { language: "en", width: 1280 },
  { language: "de", width: 390 },
];

/** Chooses the language as a user does (the language form); signed in, it changes the account's language too (reset after all). */
async function chooseLanguage(page: Page, language: string): Promise<void> {
  const response = await page.request.post("/language", { form: { language, redirectTo: "/" }, headers: { Origin: PORTAL_URL }, maxRedirects: 0 });
  expect(response.status(), `language ${language}`).toBe(302);
}

const isPaired = (setting: Setting) => PAIRED_SETTINGS.some((paired) => paired.language === setting.language && paired.width === setting.width);

/** The setting's language (the language form) and width. */
async function enterSetting(page: Page, { language, width }: Setting): Promise<void> {
  await chooseLanguage(page, language);
  await page.setViewportSize({ width, height: 844 });
}

/** Opens a page in the setting entered and audits it. */
async function auditPage(page: Page, testInfo: TestInfo, name: string, path: string, { language, width }: Setting): Promise<void> {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page, testInfo, `${name}-${language}-${width}`);
}

/**
 * Audits each page in each setting (language and width). `inAllPages` names the pages that e2e/a11y-pages.spec.ts
 * audits for the same account with JavaScript, in the paired settings: with JavaScript they are audited here only in
 * the other settings, so that no page is audited twice in one setting.
 */
async function auditEverywhere(
  page: Page,
  testInfo: TestInfo,
  pages: Record<string, string>,
  settings = PAIRED_SETTINGS,
  inAllPages: string[] = [],
): Promise<void> {
  const audited = jsEnabled(testInfo) ? settings : settings.filter((setting) => setting.language === NO_JS_AUDIT_LANGUAGE);
  const pagesIn = (setting: Setting) => Object.entries(pages).filter(([name]) => !(jsEnabled(testInfo) && isPaired(setting) && inAllPages.includes(name)));
  // Each audit is a full page load and an axe run, on a machine shared with other suites.
  test.setTimeout(60_000 + audited.reduce((sum, setting) => sum + pagesIn(setting).length, 0) * 15_000);
  for (const setting of audited) {
    if (pagesIn(setting).length === 0) continue;
    await enterSetting(page, setting);
    for (const [name, path] of pagesIn(setting)) await auditPage(page, testInfo, name, path, setting);
  }
}

// The tests expect each account in its seeded language: a spec run before may have left another (staff-a11y.spec.ts
// leaves the administrator in German).
test.beforeAll(async ({ request }) => {
  await resetSandbox(request);
});

test.afterAll(async ({ request }) => {
  // Choosing a language signed in changed the demo accounts' languages upstream.
  await resetSandbox(request);
});

test("public pages without JavaScript: welcome and 404, English, at 1280 and 390 px", async ({ page }, testInfo) => {
  // With JavaScript both are e2e/a11y-pages.spec.ts's ("signed out": en at 1280 px, de at 390 px, no sideways scroll at either).
  test.skip(jsEnabled(testInfo), "audited with JavaScript by e2e/a11y-pages.spec.ts");
  await auditEverywhere(page, testInfo, { welcome: "/", "not-found-signed-out": "/no-such-page" }, ALL_SETTINGS);
});

test("a seller who is onboarding: landing page, 404 and the development pages, en at 1280 px and de at 390 px", async ({ page }, testInfo) => {
  await signInAndOpen(page, "seller.new@example.com", "/landing-page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to onboarding");
  // With JavaScript the landing page and the signed-in 404 are e2e/a11y-pages.spec.ts's ("a seller setting up the shop":
  // the same onboarding landing page and 404 page, one step further on).
  await auditEverywhere(
    page,
    testInfo,
    {
      "landing-onboarding": "/landing-page",
      "not-found-signed-in": "/no-such-page",
      "dev-empty": "/dev/empty",
      "dev-catalog": "/dev/catalog",
    },
    PAIRED_SETTINGS,
    ["landing-onboarding", "not-found-signed-in"],
  );
  // /dev/translations once, with JavaScript, in English at 1280 px: its table shows every message in English and German
  // side by side whatever the page's language, holds no part that scripts change, and at 390 px only its frame scrolls
  // (the shell around it is audited in every setting on the pages above). Each audit of its 2,300 rows was the
  // costliest of the suite's.
  if (!jsEnabled(testInfo)) return;
  const desktop: Setting = { language: "en", width: 1280 };
  await enterSetting(page, desktop);
  await auditPage(page, testInfo, "dev-translations", "/dev/translations", desktop);
});

test("a live shop's viewer: landing page, the missing start page and the state-guard development page, en at 1280 px and de at 390 px", async ({
  page,
}, testInfo) => {
  await signInAndOpen(page, "viewer@example.com", "/landing-page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your shop is live");
  await auditEverywhere(
    page,
    testInfo,
    {
      "landing-live-shop": "/landing-page",
      "start-page-missing": "/default-redirect",
      "dev-state-guard": "/dev/state-guard",
    },
    PAIRED_SETTINGS,
    ["landing-live-shop"],
  );
});

test("staff without JavaScript: landing page, English, at 1280 and 390 px", async ({ page }, testInfo) => {
  // With JavaScript it is e2e/a11y-pages.spec.ts's ("staff: administrator": en at 1280 px, de at 390 px).
  test.skip(jsEnabled(testInfo), "audited with JavaScript by e2e/a11y-pages.spec.ts");
  await signInAndOpen(page, "admin@example.com", "/landing-page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The portal for the marketplace team");
  await auditEverywhere(page, testInfo, { "landing-staff": "/landing-page" }, ALL_SETTINGS);
});

test("the account menu, opened on a phone", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAndOpen(page, "success@example.com", "/landing-page");
  const header = page.getByRole("banner");
  if (jsEnabled(testInfo)) {
    await header.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menu")).toBeVisible();
  } else {
    // The audit runs on the server's HTML: the no-JavaScript disclosure.
    await header.locator("details.account-menu > summary").click();
    await expect(header.getByRole("button", { name: "Sign out" })).toBeVisible();
  }
  await expectAccessible(page, testInfo, "account-menu-open");
});

test("the environment indicator, opened", async ({ page }, testInfo) => {
  await page.goto("/");
  await page.locator("details.env-indicator summary").click();
  await expect(page.locator("details.env-indicator").getByRole("table")).toBeVisible();
  await expectAccessible(page, testInfo, "environment-indicator");
});

test.describe("signed in", () => {
  test("/dev/catalog with an error toast", async ({ page }, testInfo) => {
    await signInAndOpen(page, "operator@example.com", "/dev/catalog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Component catalogue");
    await page.getByRole("button", { name: "Show an error" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The bank details could not be saved." })).toBeVisible();
    await expectAccessible(page, testInfo, "dev-catalog");
  });

  test("a page with the denial toast", async ({ page }, testInfo) => {
    await signInAndOpen(page, "bd@example.com", "/landing-page");
    // A GET of a seller-only route: refused, to the default page with the toast.
    await page.goto("/ui/home-menu");
    const toast = page.getByRole("alert").filter({ hasText: "You do not have access to that page" });
    await expect(toast).toBeVisible();
    // The audited form of the toast: react-toastify's with JavaScript, the static live region without.
    await expect(page.locator(".toaster-static")).toHaveCount(jsEnabled(testInfo) ? 0 : 1);
    await expectAccessible(page, testInfo, "denial-toast");
  });
});
