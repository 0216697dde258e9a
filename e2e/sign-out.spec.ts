import { expect, test } from "@playwright/test";
import { expectProviderSignIn, signInAndOpen, signOut } from "./support/auth";
import { clearFaults, IDP_URL, injectFault, isPortalPath, PORTAL_URL } from "./support/sandbox";

test("signing out, with one click even without JavaScript, ends the session here and at the provider, on the welcome page that says so; protected pages need sign-in again", async ({
  page,
}) => {
  await signInAndOpen(page, "seller.new@example.com", "/landing-page");
  await expect(page.getByRole("banner").getByText("seller.new@example.com")).toBeVisible();
  const endSession = page.waitForRequest((request) => request.url().startsWith(`${IDP_URL}/session/end`));

  await signOut(page);

  // The session ended at the identity provider too, and the way back is the portal's "/".
  const endSessionUrl = new URL((await endSession).url());
  expect(endSessionUrl.searchParams.get("id_token_hint"), "id_token_hint").toBeTruthy();
  expect(endSessionUrl.searchParams.get("post_logout_redirect_uri")).toBe(`${PORTAL_URL}/`);

  await expect(page.getByRole("heading", { level: 1, name: "Sell on our marketplace" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "You are signed out." })).toBeVisible();

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

test.describe("an upstream 403", () => {
  test.afterEach(async ({ request }) => {
    await clearFaults(request);
  });

  test("signs out at the identity provider, without a toast", async ({ page, request }) => {
    await signInAndOpen(page, "seller.new@example.com", "/landing-page");
    await injectFault(request, { pattern: "/onboarding/me/seller/state", method: "GET", status: 403, times: 1 });
    const endSession = page.waitForRequest((candidate) => candidate.url().startsWith(`${IDP_URL}/session/end`));

    await page.reload();

    expect(new URL((await endSession).url()).searchParams.get("id_token_hint"), "id_token_hint").toBeTruthy();
    // No confirmation at the provider, with or without JavaScript: straight back to the welcome page.
    await page.waitForURL(isPortalPath("/"));
    await expect(page.getByRole("heading", { level: 1, name: "Sell on our marketplace" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);

    await page.goto("/landing-page");
    await expectProviderSignIn(page);
  });
});
