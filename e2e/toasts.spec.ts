/** Toasts as docs/product.md §5: kinds, contents, lifetimes, dedupe, closing on a URL change; with and without JavaScript. */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { jsEnabled, signInAndOpen } from "./support/auth";
import { portalOrigin } from "./support/http";

const ERROR_MESSAGE = "The bank details could not be saved.";

/**
 * react-toastify's toasts. The server-rendered toast wears the same classes: under load a click can land before
 * hydration and post natively, and the new document's static toast is then taken over (and removed) at hydration.
 */
const LIVE_TOASTS = ":not(.toaster-static) > .Toastify__toast-container .Toastify__toast";

/** The toast on screen: react-toastify's after hydration, the server-rendered live region without JavaScript. */
function toastWith(page: Page, text: string, js: boolean) {
  return js ? page.locator(LIVE_TOASTS).filter({ hasText: text }) : page.locator(".toaster-static").getByText(text);
}

test.beforeEach(async ({ page }) => {
  await signInAndOpen(page, "operator@example.com", "/dev/catalog");
});

test("an error toast carries title, message, detail, code and the field errors, nested where the message is a JSON list", async ({ page }, testInfo) => {
  await page.getByRole("button", { name: "Show an error" }).click();
  const toast = page.getByRole("alert").filter({ hasText: ERROR_MESSAGE });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Error");
  await expect(toast).toContainText("Error id: 5b7c1f0e-sample");
  await expect(toast).toContainText("SAMPLE_VALIDATION");
  await expect(toast.locator(".toast__field-errors > li").first()).toHaveText("iban: The IBAN is not valid.");
  await expect(toast.locator(".toast__field-errors--nested > li")).toHaveText(["street: must not be empty", "zip: must have 5 digits"]);
  await expect(toastWith(page, ERROR_MESSAGE, jsEnabled(testInfo))).toHaveCount(1);
});

test("success, warning and notice toasts have their titles", async ({ page }) => {
  for (const [button, title, message] of [
    ["Show a success", "Success", "Saved."],
    ["Show a warning", "Warning", "Your session ends in five minutes."],
    ["Show a notice", "Notice", "A new catalogue file is being processed."],
  ] as const) {
    await page.getByRole("button", { name: button }).click();
    const toast = page.locator("[role=status], [role=alert]").filter({ hasText: message }).first();
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(title);
  }
});

test("a success toast closes by itself with JavaScript (its timer unseen under reduced motion) and stays without it", async ({ page }, testInfo) => {
  await page.getByRole("button", { name: "Show a success" }).click();
  const toast = toastWith(page, "Saved.", jsEnabled(testInfo));
  await expect(toast).toBeVisible();
  if (jsEnabled(testInfo)) {
    // 200 ms start delay + 1500 ms lifetime + the exit animation.
    await expect(toast).toHaveCount(0, { timeout: 6_000 });
    // Its timer is the bar that counts down (a notice lives 5 s: time enough to look at it), for a reader with no
    // preference (the suite runs with less motion: playwright.config.ts)…
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.getByRole("button", { name: "Show a notice" }).click();
    const timer = toastWith(page, "A new catalogue file", true).locator(".Toastify__progress-bar--animated");
    await expect(timer).toBeVisible();
    // …which is not shown to a reader who asked for less motion, and the toast still closes on time.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.getByRole("button", { name: "Show a warning" }).click();
    const quietToast = toastWith(page, "Your session ends", true);
    await expect(quietToast.locator(".Toastify__progress-bar--animated")).toHaveCount(1);
    await expect(quietToast.locator(".Toastify__progress-bar--animated")).toBeHidden();
    await expect(quietToast).toHaveCount(0, { timeout: 9_000 });
  } else {
    await page.waitForTimeout(2_500);
    await expect(toast).toBeVisible();
  }
});

test("the same error twice is shown once", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript each page shows only its own toast");
  await page.getByRole("button", { name: "Show an error" }).click();
  await expect(toastWith(page, ERROR_MESSAGE, true)).toHaveCount(1);
  await page.getByRole("button", { name: "Show an error" }).click();
  await page.waitForLoadState("networkidle");
  await expect(toastWith(page, ERROR_MESSAGE, true)).toHaveCount(1);
});

test("toasts close when the URL changes", async ({ page }, testInfo) => {
  await page.getByRole("button", { name: "Show a warning" }).click();
  const toast = toastWith(page, "Your session ends in five minutes.", jsEnabled(testInfo));
  await expect(toast).toBeVisible();
  await page.getByRole("navigation", { name: "Development pages" }).getByRole("link", { name: "Translations" }).click();
  await page.waitForURL(/\/dev\/translations$/);
  await expect(toast).toHaveCount(0);
});

test("toasts are in German on a German page", async ({ page }) => {
  await page.locator("form.language-switcher").getByRole("button", { name: /DE/ }).click();
  await page.getByRole("button", { name: "Fehler zeigen" }).click();
  const toast = page.getByRole("alert").filter({ hasText: "Die Bankverbindung konnte nicht gespeichert werden." });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Fehler");
  await page.locator("form.language-switcher").getByRole("button", { name: /EN/ }).click();
  // The switch back is seen through: the test does not end (and close its browser context) in the middle of it.
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The element's box once it stopped moving (react-toastify slides a toast in). */
async function settledBox(locator: Locator): Promise<Box> {
  let last: Box | null = null;
  for (;;) {
    const box = await locator.boundingBox();
    if (!box) throw new Error("not on screen");
    if (last && JSON.stringify(last) === JSON.stringify(box)) return box;
    last = box;
    await locator.page().waitForTimeout(150);
  }
}

test("a toast never covers the header, the banner or a primary control, at desktop and phone width", async ({ page }, testInfo) => {
  // Acting as a seller: the banner with its only way back is on the page.
  const started = await page.request.post("/substitution/start", {
    form: { userProfileId: "user-seller-new", sellerId: "seller-new", returnTo: "/seller-list" },
    headers: portalOrigin,
    maxRedirects: 0,
  });
  expect(started.status()).toBe(302);
  await page.goto("/dev/catalog");
  await page.getByRole("button", { name: "Show an error" }).click();
  const toast = jsEnabled(testInfo) ? page.locator(LIVE_TOASTS) : page.locator(".toaster-static [role=alert]");
  await expect(toast).toContainText("Error id: 5b7c1f0e-sample");
  // Measured once hydration has taken over the static toast of a native post (see LIVE_TOASTS).
  if (jsEnabled(testInfo)) await expect(page.locator(".toaster-static")).toHaveCount(0);

  const banner = page.getByRole("region", { name: "Acting as a seller" });
  const controls: [string, Locator][] = [
    ["the banner", banner],
    ["the header", page.getByRole("banner")],
    ["the account menu or sign-out", page.locator(".page-header .account-menu__button, .page-header button:has-text('Sign out')")],
    ["the page's primary action", page.locator("main .button--primary")],
  ];
  try {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      const toastBox = await settledBox(toast);
      for (const [name, control] of controls) {
        for (const element of await control.filter({ visible: true }).all()) {
          const box = await element.boundingBox();
          if (box) expect(overlaps(toastBox, box), `the toast covers ${name} at ${width} px`).toBe(false);
        }
      }
    }
    // The way back works while the error toast is still there.
    await banner.getByRole("button", { name: "Back to my account" }).click();
    await expect(page.getByRole("region", { name: "Acting as a seller" })).toHaveCount(0);
  } finally {
    // The account acts as itself again for the tests after this one, whatever happened above.
    if (await banner.count()) await page.request.post("/substitution/end", { headers: portalOrigin, maxRedirects: 0 });
  }
});
