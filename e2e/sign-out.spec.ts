import { expect, test } from "@playwright/test";
import { expectProviderSignIn, signInAndOpen, signOut } from "./support/auth";
import { isPortalPath } from "./support/sandbox";

test("signing out ends on the welcome page, and protected pages need sign-in again", async ({ page }, testInfo) => {
  await signInAndOpen(page, "seller.new@example.com", "/landing-page");
  await expect(page.getByRole("banner").getByText("seller.new@example.com")).toBeVisible();

  await signOut(page, testInfo);

  await expect(page.getByRole("heading", { level: 1, name: "Sell on our marketplace" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();

  await page.goto("/landing-page");
  await expectProviderSignIn(page);

  // Back from the provider's sign-in page without signing in: still signed out.
  await page.goto("/");
  await page.waitForURL(isPortalPath("/"));
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
});

test("/logout does not sign out on a GET (a link or an image cannot)", async ({ page }) => {
  await signInAndOpen(page, "seller.new@example.com", "/landing-page");
  await page.goto("/logout");
  // The GET goes to "/", which sends a signed-in user on to the default page.
  await page.waitForURL(isPortalPath("/overview"));
  await page.goto("/landing-page");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to onboarding" })).toBeVisible();
});
