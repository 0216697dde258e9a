import { expect, test } from "@playwright/test";
import { demoAccount } from "./support/accounts";
import { locationOf, portalOrigin } from "./support/http";
import { expectProviderSignIn, submitProviderSignIn, waitForPortalAfterSignIn } from "./support/auth";
import { clearFaults, IDP_URL, injectFault, isPortalPath, isProviderUrl, PORTAL_URL, SANDBOX_URL } from "./support/sandbox";

/**
 * The flow in the browser once per kind of start page: a seller setting up the shop, a live seller's home, staff.
 * Where every demo account lands (and the welcome page sends it back) is tests/integration/link-walk.test.ts's check;
 * that no page logs a script error (a hydration error among them) is e2e/a11y-pages.spec.ts's, on every page.
 */
const FLOW_ACCOUNTS = ["seller.new@example.com", "seller.active@example.com", "admin@example.com"].map(demoAccount);

test.describe("sign-in from the welcome page", () => {
  for (const account of FLOW_ACCOUNTS) {
    test(`${account.username} lands on ${account.defaultPath}, with nothing in the console`, async ({ page }) => {
      // The portal's and the provider's pages alike: a failed request or a script error shows up here.
      const consoleErrors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") consoleErrors.push(`${message.text()} (${message.location().url})`);
      });
      // Errors nobody caught, among them React's hydration errors (its server and browser renders differ).
      page.on("pageerror", (error) => consoleErrors.push(`${error.message} (uncaught)`));
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: "Sell on our marketplace" })).toBeVisible();
      await page.getByRole("link", { name: "Sign in" }).click();

      await expectProviderSignIn(page);
      await submitProviderSignIn(page, account.username);

      // "/" → "/default-redirect" → the role's (and seller state's) default page.
      await page.waitForURL(isPortalPath(account.defaultPath));
      expect(new URL(page.url()).search).toBe("");

      // Signed in now: the welcome page sends the user straight back to the default page.
      await page.goto("/");
      await page.waitForURL(isPortalPath(account.defaultPath));
      await page.waitForLoadState("networkidle");
      expect(consoleErrors).toEqual([]);
    });
  }
});

test("a wrong password keeps the username and shows an error; the right one then signs in", async ({ page }) => {
  await page.goto("/login");
  await expectProviderSignIn(page);
  await submitProviderSignIn(page, "seller.new@example.com", "not-the-password");

  await expect(page.getByRole("alert")).toHaveText("The email address or the password is wrong.");
  expect(isProviderUrl(new URL(page.url()))).toBe(true);
  await expect(page.getByLabel("Email address")).toHaveValue("seller.new@example.com");
  await expect(page.getByLabel("Password")).toHaveValue("");
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");

  // The same interaction still works with the right password.
  await submitProviderSignIn(page, "seller.new@example.com");
  await page.waitForURL(isPortalPath("/overview"));
});

test("last-url: a protected page opened signed out is where sign-in returns to", async ({ page }) => {
  await page.goto("/landing-page?from=e2e");
  await expectProviderSignIn(page);
  await submitProviderSignIn(page, "seller.new@example.com");

  await page.waitForURL((url) => url.origin === PORTAL_URL && url.pathname === "/landing-page");
  expect(new URL(page.url()).search, "the query is remembered too").toBe("?from=e2e");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to onboarding" })).toBeVisible();

  // The remembered page is used once: signing in again goes to the default page.
  await page.goto("/login");
  await expectProviderSignIn(page);
  await submitProviderSignIn(page, "seller.new@example.com");
  await page.waitForURL(isPortalPath("/overview"));
});

test.describe("no open redirect", () => {
  test("/login sends the browser only to the identity provider, with the portal's own callback", async ({ request }) => {
    const response = await request.get("/login", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    const location = new URL(locationOf(response));
    expect(location.origin).toBe(SANDBOX_URL);
    expect(location.href.startsWith(`${IDP_URL}/`)).toBe(true);
    expect(location.searchParams.get("redirect_uri")).toBe(`${PORTAL_URL}/login`);
    expect(location.searchParams.get("response_type")).toBe("code");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("prompt")).toBe("login");
    expect(location.searchParams.get("max_age")).toBe("1");
    expect(location.searchParams.get("scope")?.split(" ").sort()).toEqual(["offline_access", "openid", "user_info"]);
    expect(location.searchParams.has("view_type")).toBe(false);
  });

  for (const path of ["//example.com/", "///example.com/", "//example.com/landing-page/", "/%2F%2Fexample.com/"]) {
    test(`the trailing-slash rule keeps ${path} on this origin`, async ({ request }) => {
      // Absolute: a relative "//example.com/" would be read as another host before it is sent.
      const response = await request.get(`${PORTAL_URL}${path}`, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      const location = locationOf(response);
      expect(location.startsWith("/")).toBe(true);
      expect(location.startsWith("//")).toBe(false);
      expect(new URL(location, PORTAL_URL).origin).toBe(PORTAL_URL);
    });
  }

  test("a protected page behind a protocol-relative path is not remembered as the return address", async ({ page }) => {
    // Whatever the portal makes of "//example.com/landing-page", the browser stays here…
    await page.goto(`${PORTAL_URL}//example.com/landing-page`);
    expect(new URL(page.url()).origin).toBe(PORTAL_URL);

    // Signing in afterwards goes to the default page, never to example.com.
    await page.goto("/login");
    await expectProviderSignIn(page);
    await submitProviderSignIn(page, "bd@example.com");
    const path = await waitForPortalAfterSignIn(page);
    expect(path).toBe("/invite-seller");
  });

  for (const redirectTo of ["//example.com/", "https://example.com/", "/\\example.com", "http:example.com"]) {
    test(`the language form ignores redirectTo=${redirectTo}`, async ({ request }) => {
      const response = await request.post("/language", {
        form: { language: "en", redirectTo },
        headers: portalOrigin,
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
      const location = locationOf(response);
      expect(new URL(location, PORTAL_URL).origin).toBe(PORTAL_URL);
      expect(location).toBe("/");
    });
  }
});

test.describe("when the marketplace fails during sign-in", () => {
  test.afterEach(async ({ request }) => {
    await clearFaults(request);
  });

  test("a failing /me/user signs out with the toast 'Failed to fetch current user details'", async ({ page, request }) => {
    await page.goto("/login");
    await expectProviderSignIn(page);
    await injectFault(request, { pattern: "/user-profile/me/user", method: "GET", status: 500 });
    await submitProviderSignIn(page, "seller.new@example.com");

    await page.waitForURL(isPortalPath("/"));
    await expect(page.getByRole("alert").filter({ hasText: "Failed to fetch current user details" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();

    // Signed out indeed: a protected page asks for sign-in.
    await clearFaults(request);
    await page.goto("/landing-page");
    await expectProviderSignIn(page);
  });

  test("a failing token exchange returns to the welcome page with its toast", async ({ page, request }) => {
    await page.goto("/login");
    await expectProviderSignIn(page);
    await injectFault(request, { pattern: "/idp/token", method: "POST", status: 500 });
    await submitProviderSignIn(page, "seller.new@example.com");

    await page.waitForURL(isPortalPath("/"));
    await expect(page.getByRole("alert").filter({ hasText: "The sign-in could not be completed: the token cannot be exchanged." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  });

  test("an upstream 401 ends the session without a toast, and sign-in returns to the page", async ({ page, request }) => {
    await page.goto("/landing-page");
    await expectProviderSignIn(page);
    await submitProviderSignIn(page, "seller.new@example.com");
    await page.waitForURL(isPortalPath("/landing-page"));

    await injectFault(request, { pattern: "/onboarding/me/seller/state", method: "GET", status: 401, times: 1 });
    await page.reload();
    await expectProviderSignIn(page);
    await expect(page.getByRole("alert")).toHaveCount(0);

    await submitProviderSignIn(page, "seller.new@example.com");
    await page.waitForURL(isPortalPath("/landing-page"));
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to onboarding" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
  });
});
