/**
 * The shell's first impressions in the browser, with JavaScript on and off:
 * the phone header's account menu and one-click sign-out, the 404 inside the
 * layout, toasts and the environment indicator on a phone, the provider's
 * sign-in page on a phone, and the landing page's expandable steps.
 * Each test leaves screenshots in its output folder, to be looked at.
 */
import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { jsEnabled, signInAndOpen } from "./support/auth";
import { isPortalPath, isProviderUrl } from "./support/sandbox";

const PHONE = { width: 390, height: 844 };

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, "element is laid out").not.toBeNull();
  return found!;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the header is one row; its account menu holds who is signed in, the language and sign-out, which is one click", async ({ page }, testInfo) => {
    await signInAndOpen(page, "success@example.com", "/landing-page");
    const header = page.getByRole("banner");
    expect((await box(header)).height, "one row of header").toBeLessThanOrEqual(72);
    // The wide screen's tools are not shown; the account menu is.
    await expect(header.getByText("success@example.com")).toBeHidden();
    await screenshot(page, testInfo, "phone-header");

    if (jsEnabled(testInfo)) {
      await header.getByRole("button", { name: "Account menu" }).click();
      const menu = page.getByRole("menu");
      await expect(menu.getByText("success@example.com")).toBeVisible();
      await expect(menu.getByRole("menuitem", { name: "Deutsch" })).toBeVisible();
      await screenshot(page, testInfo, "phone-account-menu");
      await menu.getByRole("menuitem", { name: "Sign out" }).click();
    } else {
      // The disclosure reveals the header's own tools as a panel.
      await header.locator("details.account-menu > summary").click();
      await expect(header.getByText("success@example.com")).toBeVisible();
      await expect(header.locator("form.language-switcher").getByRole("button", { name: /^DE\b/ })).toBeVisible();
      await screenshot(page, testInfo, "phone-account-menu");
      await header.getByRole("button", { name: "Sign out" }).click();
    }

    // One click: the provider lets the portal's own client through without its confirmation page.
    await page.waitForURL(isPortalPath("/"));
    await expect(page.getByRole("status").filter({ hasText: "You are signed out." })).toBeVisible();
    await screenshot(page, testInfo, "phone-signed-out");
  });

  test("a 404 fills the screen without floating corners or empty scrolling, and keeps the account menu", async ({ page }, testInfo) => {
    await signInAndOpen(page, "bd@example.com", "/landing-page");
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.locator(".account-menu")).toBeVisible();
    const card = await box(page.locator(".error-page"));
    expect(card.x).toBe(0);
    expect(card.width).toBe(PHONE.width);
    const { scrollHeight, innerHeight, scrollWidth } = await page.evaluate(() => ({
      scrollHeight: document.documentElement.scrollHeight,
      innerHeight: window.innerHeight,
      scrollWidth: document.documentElement.scrollWidth,
    }));
    expect(scrollHeight, "nothing to scroll to").toBeLessThanOrEqual(innerHeight);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, testInfo, "phone-404");
  });

  test("an error toast leaves the screen's edges free and uses the page's font", async ({ page }, testInfo) => {
    await signInAndOpen(page, "operator@example.com", "/dev/catalog");
    await page.getByRole("button", { name: "Show an error" }).click();
    // With JavaScript, the toast react-toastify owns: a click before hydration posts natively, and the server's
    // static toast is on screen until react-toastify takes it over (and removes it) after hydration.
    const region = jsEnabled(testInfo) ? page.locator(":not(.toaster-static) > .Toastify__toast-container") : page.locator(".toaster-static");
    const toast = region.getByRole("alert").filter({ hasText: "The bank details could not be saved." });
    await expect(toast).toBeVisible();
    if (jsEnabled(testInfo)) await expect(page.locator(".toaster-static")).toHaveCount(0);
    // Measured where it comes to rest, after react-toastify's entrance animation.
    // (The toast's own animations; its progress bar runs for the whole lifetime.)
    await toast.evaluate((element) => {
      const card = element.closest(".Toastify__toast") ?? element;
      return Promise.all(card.getAnimations().map((animation) => animation.finished));
    });
    const toastBox = await box(toast);
    expect(toastBox.x, "space on the left").toBeGreaterThan(0);
    expect(toastBox.x + toastBox.width, "space on the right").toBeLessThan(PHONE.width);
    expect(toastBox.y, "space above").toBeGreaterThan(0);
    const fonts = await toast.evaluate((element) => ({
      toast: getComputedStyle(element).fontFamily,
      page: getComputedStyle(document.body).fontFamily,
    }));
    expect(fonts.toast).toBe(fonts.page);
    await screenshot(page, testInfo, "phone-error-toast");
  });

  test("the environment indicator covers none of the welcome page's buttons, closed or open", async ({ page }, testInfo) => {
    await page.goto("/");
    const indicator = page.locator("details.env-indicator");
    const buttons = [page.getByRole("link", { name: "Sign in" }), page.getByRole("link", { name: "Register as a seller" })];
    for (const open of [false, true]) {
      if (open) await indicator.locator("summary").click();
      for (const button of buttons) {
        await button.scrollIntoViewIfNeeded();
        expect(overlaps(await box(indicator), await box(button)), `indicator ${open ? "open" : "closed"} over a button`).toBe(false);
      }
    }
    await expect(indicator.getByRole("table")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, testInfo, "phone-environment-open");
  });

  test("the provider's sign-in page does not scroll sideways and names roles readably", async ({ page }, testInfo) => {
    await page.goto("/login");
    await page.waitForURL(isProviderUrl);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the seller portal");
    await expect(page.getByText("Seller (read-only)", { exact: true })).toBeVisible();
    await expect(page.getByText("OPERATOR_BUSINESSDEVELOPER_INTERNATIONAL")).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, testInfo, "phone-provider-sign-in");
  });
});

test("a signed-in user on a missing page keeps the header and is offered a way on that works", async ({ page }, testInfo) => {
  await signInAndOpen(page, "bd@example.com", "/landing-page");
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  const header = page.getByRole("banner");
  await expect(header.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(header.locator("form.language-switcher")).toBeVisible();
  await screenshot(page, testInfo, "desktop-404-signed-in");

  await page.getByRole("link", { name: "Go to my start page" }).click();
  await page.waitForURL(isPortalPath("/invite-seller"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the landing page's steps look expandable and expand", async ({ page }, testInfo) => {
  await signInAndOpen(page, "seller.new@example.com", "/landing-page");
  const second = page.locator("details.accordion__item").nth(1);
  const marker = (locator: Locator) => locator.locator("summary").evaluate((summary) => getComputedStyle(summary, "::after").transform);
  await expect(second).not.toHaveAttribute("open");
  const closed = await marker(second);
  expect(closed, "a marker is drawn").not.toBe("none");
  await second.locator("summary").click();
  await expect(second).toHaveAttribute("open");
  // It turns with a short transition.
  await expect.poll(() => marker(second), { message: "the marker turns when open" }).not.toBe(closed);
  await expect(second.getByText("Choose how your catalogue reaches us")).toBeVisible();
  await screenshot(page, testInfo, "desktop-landing-steps");
});
