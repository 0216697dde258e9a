import { expect, type Page, type TestInfo } from "@playwright/test";
import { DEMO_PASSWORD } from "./accounts";
import { isPortalPath, isProviderUrl, PORTAL_URL, SANDBOX_URL } from "./sandbox";

/** Waits for the provider's sign-in form (reached from /login, /register or a protected page). */
export async function expectProviderSignIn(page: Page): Promise<void> {
  await page.waitForURL(isProviderUrl);
  // In the portal's language (ui_locales): English or German.
  await expect(page.getByRole("heading", { level: 1, name: /^(Sign in to the seller portal|Beim Seller Portal anmelden)$/ })).toBeVisible();
}

/**
 * Fills the provider's sign-in form and submits it; an enrolled account (every demo account) then gives its code,
 * which the sandbox's control interface answers as the user's app would.
 */
export async function submitProviderSignIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel(/^(Email address|E-Mail-Adresse)$/).fill(username);
  await page.getByLabel(/^(Password|Passwort)$/).fill(password);
  await page.getByRole("button", { name: /^(Sign in|Anmelden)$/ }).click();
  // Wherever the password leads: the code page, back to the portal, the form again (a wrong password), enrolment.
  // A spec with a sandbox of its own (e2e/outage.spec.ts) signs in at that sandbox's provider: known by its path.
  await page.waitForURL((url) => !onAnyProvider(url) || /\/interaction\/[^/]+\/(login|code|enrol)$/.test(url.pathname));
  if (isCodePage(new URL(page.url()))) await enterSignInCode(page, username);
}

/** A page of a sandbox's identity provider: this worker's, or a spec's own sandbox's. */
function onAnyProvider(url: URL): boolean {
  return isProviderUrl(url) || (url.origin !== PORTAL_URL && url.pathname.startsWith("/idp/"));
}

export function isCodePage(url: URL): boolean {
  return onAnyProvider(url) && /\/interaction\/[^/]+\/code$/.test(url.pathname);
}

/** The account's next sign-in code, from the control interface of the sandbox whose provider asks for it. */
export async function nextSignInCode(page: Page, username: string): Promise<string> {
  const current = new URL(page.url());
  const sandbox = onAnyProvider(current) ? current.origin : SANDBOX_URL;
  const response = await page.request.get(`${sandbox}/__sandbox/second-factor/${encodeURIComponent(username)}/code`);
  expect(response.status(), `sign-in code of ${username}`).toBe(200);
  return ((await response.json()) as { code: string }).code;
}

/** Types the account's code on the provider's code page; a code that lost a race with another sign-in gets a new one. */
export async function enterSignInCode(page: Page, username: string): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) {
    await page.getByLabel(/^(Code or recovery code|Code oder Wiederherstellungscode)$/).fill(await nextSignInCode(page, username));
    const loaded = page.waitForEvent("load");
    await page.getByRole("button", { name: /^(Continue|Weiter)$/ }).click();
    await loaded;
    if (!(isCodePage(new URL(page.url())) && (await page.getByRole("alert").count()) > 0)) return;
  }
}

/** Waits until the browser is back on the portal, off /login (the callback), and returns the path it ended on. */
export async function waitForPortalAfterSignIn(page: Page): Promise<string> {
  await page.waitForURL((url) => url.origin === PORTAL_URL && url.pathname !== "/login");
  return new URL(page.url()).pathname;
}

/**
 * Signs in the way a user does: the welcome page's "Sign in", the provider's
 * form, back to the portal. Optionally waits for a specific landing path.
 */
export async function signIn(page: Page, username: string, options: { expectPath?: string } = {}): Promise<string> {
  await page.goto("/");
  await page.getByRole("link", { name: "Sign in" }).click();
  await expectProviderSignIn(page);
  await submitProviderSignIn(page, username);
  if (options.expectPath) await page.waitForURL(isPortalPath(options.expectPath));
  return waitForPortalAfterSignIn(page);
}

/** Signs in through the provider and then opens a page of the portal. */
export async function signInAndOpen(page: Page, username: string, path: string): Promise<void> {
  await page.goto(path);
  // A protected page remembers itself and sends the browser to sign-in.
  await expectProviderSignIn(page);
  await submitProviderSignIn(page, username);
  await page.waitForURL(isPortalPath(new URL(path, PORTAL_URL).pathname));
}

/**
 * Signs out with the header's "Sign out" button: through the provider's
 * end-session (which lets the portal's own client through without a
 * confirmation), back to the portal's welcome page. One click, with or
 * without JavaScript. (The second parameter is kept for older callers.)
 */
export async function signOut(page: Page, _testInfo?: TestInfo): Promise<void> {
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(isPortalPath("/"));
}

export function jsEnabled(testInfo: TestInfo): boolean {
  return testInfo.project.name !== "no-js";
}
