import { expect, test, type Page } from "@playwright/test";
import { signInAndOpen } from "./support/auth";
import { isPortalPath, resetSandbox, upstreamUser } from "./support/sandbox";

test.beforeAll(async ({ request }) => {
  // Switching the language signed in also changes the user's language upstream.
  await resetSandbox(request);
});

function languageButton(page: Page, code: "EN" | "DE") {
  return page.locator("form.language-switcher").first().getByRole("button", { name: new RegExp(`^${code}\\b`) });
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
  await expect(page.getByRole("link", { name: "Als Händler registrieren" })).toBeVisible();
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
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Willkommen beim Onboarding");
  expect(isPortalPath("/landing-page")(new URL(page.url()))).toBe(true);
  await expect(page.getByRole("banner").getByRole("button", { name: "Abmelden" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Zu meinen Einrichtungsaufgaben" })).toBeVisible();
  // No error toast: the choice was saved to the account too.
  await expect(page.getByText("konnte aber nicht in Ihrem Konto gespeichert werden")).toHaveCount(0);
  expect((await upstreamUser(request, "seller.new@example.com")).languageCode, "PUT /me/user/language").toBe("de");

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Willkommen beim Onboarding");
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
