import { expect, test, type Page } from "@playwright/test";
import { jsEnabled, signInAndOpen } from "./support/auth";
import { clearFaults, injectFault, isPortalPath, resetSandbox, upstreamUser } from "./support/sandbox";

test.beforeAll(async ({ request }) => {
  // Switching the language signed in also changes the user's language upstream.
  await resetSandbox(request);
});

test.afterAll(async ({ request }) => {
  // The demo accounts as the next spec expects them: seller.new is left in German otherwise.
  await resetSandbox(request);
});

function languageButton(page: Page, code: "EN" | "DE") {
  return page
    .locator("form.language-switcher")
    .first()
    .getByRole("button", { name: new RegExp(`^${code}\\b`) });
}

test("German on the welcome page, kept across a reload", async ({ page, context }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sell on our marketplace");
  await expect(languageButton(page, "EN")).toHaveAttribute("aria-pressed", "true");

  await languageButton(page, "DE").click();

  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verkaufen auf unserem Marktplatz");
  await expect(page.getByRole("link", { name: "Anmelden" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Händlerkonto registrieren" })).toBeVisible();
  await expect(languageButton(page, "DE")).toHaveAttribute("aria-pressed", "true");
  expect(isPortalPath("/")(new URL(page.url()))).toBe(true);

  const cookie = (await context.cookies()).find((candidate) => candidate.name === "sp_lng");
  expect(cookie, "the language cookie").toBeDefined();
  expect(cookie!.httpOnly).toBe(true);
  // About 365 days.
  const days = (cookie!.expires - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThan(366);

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verkaufen auf unserem Marktplatz");

  // And back.
  await languageButton(page, "EN").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sell on our marketplace");
});

test("signed in: switching on /landing-page stays there, in German", async ({ page, request }) => {
  expect((await upstreamUser(request, "seller.new@example.com")).languageCode).toBe("en");
  await signInAndOpen(page, "seller.new@example.com", "/landing-page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to onboarding");

  await page.getByRole("banner").locator("form.language-switcher").getByRole("button", { name: /^DE\b/ }).click();

  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Willkommen auf dem Marktplatz");
  expect(isPortalPath("/landing-page")(new URL(page.url()))).toBe(true);
  await expect(page.getByRole("banner").getByRole("button", { name: "Abmelden" })).toBeVisible();
  await expect(page.getByText("In vier Schritten zu Ihrem Shop auf dem Marktplatz.")).toBeVisible();
  // No error toast: the choice was saved to the account too.
  await expect(page.getByText("konnte aber nicht in Ihrem Konto gespeichert werden")).toHaveCount(0);
  expect((await upstreamUser(request, "seller.new@example.com")).languageCode, "PUT /me/user/language").toBe("de");

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Willkommen auf dem Marktplatz");
});

test.describe("the account cannot be updated", () => {
  test.afterEach(async ({ request }) => {
    await clearFaults(request);
  });

  test("the page still switches, an error toast says so, and it closes on the next page", async ({ page, request }, testInfo) => {
    // A light page with the header (the translations page, every key in two languages, took most of the test's time).
    await signInAndOpen(page, "seller.submitted@example.com", "/dev/catalog");
    await injectFault(request, { pattern: "/user-profile/me/user/language", method: "PUT", status: 500 });

    await page.getByRole("banner").locator("form.language-switcher").getByRole("button", { name: /^DE\b/ }).click();

    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Komponentenkatalog");
    expect(isPortalPath("/dev/catalog")(new URL(page.url()))).toBe(true);
    const toast = page.getByRole("alert").filter({
      hasText: "Die Sprache wurde auf diesem Gerät umgestellt, konnte aber nicht in Ihrem Konto gespeichert werden.",
    });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Fehler");
    expect((await upstreamUser(request, "seller.submitted@example.com")).languageCode).toBe("en");

    // Another page (a client-side navigation with JavaScript): the toast belongs to the old one.
    await page.getByRole("navigation", { name: "Entwicklungsseiten" }).getByRole("link", { name: "Leere Seite" }).click();
    await page.waitForURL(isPortalPath("/dev/empty"));
    await expect(page.getByRole("heading", { level: 1, name: "Leere Seite" })).toBeAttached();
    await expect(toast).toHaveCount(0);
    if (jsEnabled(testInfo)) {
      // Closed by the URL change, not by a reload: the page never reloaded.
      expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
    }
  });
});

test.describe("Accept-Language alone", () => {
  test.use({ locale: "de-DE" });

  test("a browser asking for German gets German", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verkaufen auf unserem Marktplatz");
    await expect(languageButton(page, "DE")).toHaveAttribute("aria-pressed", "true");
  });

  test("the cookie wins over Accept-Language", async ({ page }) => {
    await page.goto("/");
    await languageButton(page, "EN").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sell on our marketplace");
  });
});

test("message files: one per language, cached for a day", async ({ request }) => {
  for (const [language, signIn] of [
    ["en", "Sign in"],
    ["de", "Anmelden"],
  ] as const) {
    const response = await request.get(`/locales/${language}`);
    expect(response.status(), language).toBe(200);
    expect(response.headers()["cache-control"]).toContain("max-age=86400");
    const messages = (await response.json()) as { auth: { signIn: string } };
    expect(messages.auth.signIn).toBe(signIn);
  }
  expect((await request.get("/locales/fr")).status()).toBe(404);
});
