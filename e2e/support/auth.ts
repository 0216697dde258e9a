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
  return signInCodeAt(page, onAnyProvider(current) ? current.origin : SANDBOX_URL, username);
}

async function signInCodeAt(page: Page, sandbox: string, username: string): Promise<string> {
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
 * Signs in at the provider over HTTP, in the page's own cookie jar (page.request shares the browser context's
 * cookies): the requests a browser sends — the portal's `start` (a protected page or /login), the provider's form, the
 * account's code, the portal's callback — without drawing the pages in between, then opens in the browser the page
 * the portal sends the user to, and returns its path. For specs whose subject comes after the sign-in: the sign-in as
 * a person sees it, page by page, is e2e/sign-in.spec.ts's, e2e/second-factor.spec.ts's and e2e/register.spec.ts's
 * (submitProviderSignIn). About 2 s less per sign-in on these machines, with some 150 sign-ins in a run.
 */
async function signInOverHttp(page: Page, username: string, start: string, password = DEMO_PASSWORD): Promise<string> {
  let response = await page.request.get(new URL(start, PORTAL_URL).toString());
  const signInPage = response.url();
  expect(isProviderUrl(new URL(signInPage)), `${start} leads to the provider's sign-in, not to ${signInPage}`).toBe(true);
  const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(await response.text())?.[1];
  if (!action) throw new Error(`no sign-in form at ${signInPage}`);
  const post = (url: string, form: Record<string, string>) => page.request.post(url, { form, headers: { Origin: SANDBOX_URL }, maxRedirects: 0 });
  response = await post(new URL(action.replaceAll("&amp;", "&"), signInPage).toString(), { username, password });
  // Hop by hop, so that the browser draws only the last page: the portal's page after its callback (/login).
  let url = new URL(response.url());
  for (let hops = 0; hops < 12; hops++) {
    const location = response.headers()["location"];
    if (!location) {
      if (!isCodePage(url)) throw new Error(`signing in as ${username} stopped at ${url} (${response.status()})`);
      response = await post(url.toString(), { code: await signInCodeAt(page, SANDBOX_URL, username) });
      continue;
    }
    const next = new URL(location, url);
    if (next.origin === PORTAL_URL && next.pathname !== "/login") {
      await page.goto(next.toString());
      return new URL(page.url()).pathname;
    }
    url = next;
    response = await page.request.get(next.toString(), { maxRedirects: 0 });
  }
  throw new Error(`signing in as ${username}: too many redirects, last ${url}`);
}

/** Signs in (over HTTP: signInOverHttp) from the portal's /login; optionally checks the landing path. */
export async function signIn(page: Page, username: string, options: { expectPath?: string } = {}): Promise<string> {
  const landed = await signInOverHttp(page, username, "/login");
  if (options.expectPath) expect(landed, `${username} lands at ${options.expectPath}`).toBe(options.expectPath);
  return landed;
}

/** Signs in (over HTTP: signInOverHttp) from a protected page, which the portal remembers and opens after. */
export async function signInAndOpen(page: Page, username: string, path: string): Promise<void> {
  const landed = await signInOverHttp(page, username, path);
  expect(landed, `${username} back at ${path} after signing in`).toBe(new URL(path, PORTAL_URL).pathname);
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
