import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { jsEnabled, signInAndOpen } from "./support/auth";
import { locationOf, portalOrigin, requiredHeader } from "./support/http";
import { isPortalPath, PORTAL_URL, SANDBOX_URL } from "./support/sandbox";

const DENIED = "You do not have access to that page, so we brought you to your start page.";

test.describe("the 404 page", () => {
  test("an unknown path answers 404 with the portal's not-found page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByText("The page you asked for does not exist or has moved.")).toBeVisible();
    const home = page.getByRole("link", { name: "Go to the welcome page" });
    await expect(home).toHaveAttribute("href", "/");

    // Signed out, the way on is the welcome page, with its sign-in.
    await home.click();
    await page.waitForURL(isPortalPath("/"));
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  });

  test("its title says it is the 404 page", async ({ page }) => {
    // app/routes/shell/not-found.tsx declares this title for the page.
    await page.goto("/no-such-page");
    // Server-rendered: the title is final once the page has loaded.
    expect(await page.title()).toBe("404 · Seller Portal");
  });

  test("it is in German for a German browser", async ({ browser }) => {
    const context = await browser.newContext({ locale: "de-DE" });
    const page = await context.newPage();
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seite nicht gefunden");
    await context.close();
  });
});

test.describe("trailing slash", () => {
  test("/landing-page/?a=1 answers 301 to /landing-page?a=1", async ({ request }) => {
    const response = await request.get("/landing-page/?a=1", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(locationOf(response)).toBe("/landing-page?a=1");
  });

  test("a nested path keeps its query string, without the slash", async ({ request }) => {
    const response = await request.get("/dev/translations/?x=1&y=%2F", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(locationOf(response)).toBe("/dev/translations?x=1&y=%2F");
  });

  test("in the browser the slash goes away and the page opens", async ({ page }) => {
    await signInAndOpen(page, "bd@example.com", "/landing-page");
    await page.goto("/landing-page/?a=1");
    await page.waitForURL((url) => url.origin === PORTAL_URL && url.pathname === "/landing-page" && url.search === "?a=1");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The portal for the marketplace team");
  });

  test("a path starting with a backslash is not redirected to another host", async () => {
    // Browsers send "\" as "/", but other clients and proxies pass it on; in
    // a Location header, "/\host" means "//host" to every browser.
    const { status, location } = await rawGet("/\\example.com/");
    expect(status).toBe(301);
    expect(new URL(location, PORTAL_URL).origin).toBe(PORTAL_URL);
  });
});

test.describe("access denial", () => {
  test("a POST to a seller-only route as bd@example.com goes to the default page with the denial toast", async ({ page, context }, testInfo) => {
    await signInAndOpen(page, "bd@example.com", "/landing-page");

    // A plain form on a page of this origin: the browser's own POST, with or without JavaScript.
    await page.route(`${PORTAL_URL}/__e2e/form`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><html lang="en"><title>form</title><form method="post" action="/ui/home-menu">
          <input type="hidden" name="open" value="false"><input type="hidden" name="redirectTo" value="/landing-page">
          <button type="submit">Toggle the home menu</button></form></html>`,
      }),
    );
    await page.goto("/__e2e/form");
    await page.getByRole("button", { name: "Toggle the home menu" }).click();

    await page.waitForURL(isPortalPath("/invite-seller"));
    const toast = page.getByRole("alert").filter({ hasText: DENIED });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Error");
    if (jsEnabled(testInfo)) {
      // react-toastify owns it after hydration, in its container.
      await expect(page.locator(".Toastify__toast-container .Toastify__toast--error").filter({ hasText: DENIED })).toBeVisible();
      await expect(page.locator(".toaster-static")).toHaveCount(0);
    } else {
      // The server-rendered live region.
      const region = page.locator(".toaster-static [role=alert]");
      await expect(region).toHaveAttribute("aria-live", "assertive");
      await expect(region).toContainText(DENIED);
    }

    // Refused before the action ran: the home menu's cookie was not written.
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("sp_home_menu");

    // A flash toast: shown once, gone on the next page.
    await page.goto("/landing-page");
    await expect(page.getByText(DENIED)).toHaveCount(0);
  });

  test("the same route refuses a GET too, and answers a seller", async ({ page, context }) => {
    await signInAndOpen(page, "bd@example.com", "/landing-page");
    const denied = await page.request.get("/ui/home-menu", { maxRedirects: 0 });
    expect(denied.status()).toBe(302);
    expect(locationOf(denied)).toBe("/default-redirect");
    expect(denied.headers()["set-cookie"]).toContain("sp_toast=");

    const deniedPost = await page.request.post("/ui/home-menu", { form: { open: "false" }, headers: portalOrigin, maxRedirects: 0 });
    expect(deniedPost.status()).toBe(302);
    expect(locationOf(deniedPost)).toBe("/default-redirect");
    expect(deniedPost.headers()["set-cookie"]).not.toContain("sp_home_menu");
    await context.clearCookies();

    // A seller may use it: the action answers and sets the cookie.
    await signInAndOpen(page, "seller.active@example.com", "/landing-page");
    const allowed = await page.request.post("/ui/home-menu", { form: { open: "false" }, headers: portalOrigin, maxRedirects: 0 });
    expect(allowed.status()).toBe(200);
    expect(await allowed.json()).toEqual({ open: false });
    expect(allowed.headers()["set-cookie"]).toContain("sp_home_menu=");
  });

  test("the denial toast is translated", async ({ page }) => {
    await signInAndOpen(page, "bd@example.com", "/landing-page");
    // The account's language decides at sign-in; switched here, and back afterwards for the other tests.
    await page.getByRole("banner").locator("form.language-switcher").getByRole("button", { name: /^DE\b/ }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    try {
      await page.goto("/ui/home-menu");
      await page.waitForURL(isPortalPath("/invite-seller"));
      await expect(
        page.getByRole("alert").filter({ hasText: "Sie haben keinen Zugriff auf diese Seite. Wir haben Sie zu Ihrer Startseite gebracht." }),
      ).toBeVisible();
    } finally {
      await page.goto("/landing-page");
      await page.getByRole("banner").locator("form.language-switcher").getByRole("button", { name: /^EN\b/ }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
    }
  });

  test("signed out, a POST goes to sign-in and does not run the action", async ({ request }) => {
    const response = await request.post("/ui/home-menu", { form: { open: "false" }, headers: portalOrigin, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(locationOf(response)).toBe("/login");
    expect(response.headers()["set-cookie"] ?? "").not.toContain("sp_home_menu");
  });
});

test("/dev/translations shows every key in en and de, none missing", async ({ page }) => {
  await signInAndOpen(page, "operator@example.com", "/dev/translations");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Translations");
  const table = page.getByRole("table", { name: "Translations" });
  await expect(table.getByRole("columnheader")).toHaveText(["Key", "en", "de"]);
  await expect(page.getByRole("status").filter({ hasText: "keys" })).toHaveText(/^\d+ keys, 0 missing in at least one language$/);
  const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "auth.signIn", exact: true }) });
  await expect(row.getByRole("cell")).toHaveText(["Sign in", "Anmelden"]);
  // A missing value is a cell of its own kind (the word "missing" is also a value: dev.translations.missing).
  await expect(table.locator("td.table__missing")).toHaveCount(0);
  const missingRow = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "dev.translations.missing", exact: true }) });
  await expect(missingRow.getByRole("cell")).toHaveText(["missing", "fehlt"]);
  const rows = await table.locator("tbody tr").count();
  expect(rows).toBeGreaterThan(50);
});

test("/dev pages need sign-in", async ({ request }) => {
  for (const path of ["/dev/translations", "/dev/empty"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(locationOf(response), path).toBe("/login");
  }
});

test("the environment indicator on localhost lists the four base addresses", async ({ page }) => {
  await page.goto("/");
  const indicator = page.locator("details.env-indicator");
  const summary = indicator.locator("summary");
  await expect(summary).toContainText("Upstream environments");
  await expect(summary).toContainText("Development");
  const table = indicator.getByRole("table");
  await expect(table).toBeHidden();

  await summary.click();
  await expect(table).toBeVisible();
  await expect(table.getByRole("rowheader")).toHaveText(["API", "Seller service", "Catalogue upload", "Analytics"]);
  await expect(table.locator("code")).toHaveText([
    `${SANDBOX_URL}/onboarding`,
    `${SANDBOX_URL}/seller-service`,
    `${SANDBOX_URL}/catalogue-upload`,
    `${SANDBOX_URL}/analytics`,
  ]);
  await expect(table.locator("tbody [data-environment]")).toHaveText(["Development", "Development", "Development", "Development"]);
});

test("the environment indicator follows the configuration, not the request's Host", async ({ request }) => {
  // This portal is configured for localhost: a request naming another host still gets the indicator (a deployed
  // portal asked with `Host: localhost` shows none: tests/integration/attacker-findings.test.ts).
  const response = await request.get("/", { headers: { Host: "portal.example.com" } });
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain("env-indicator");
});

test("security headers", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  const csp = requiredHeader(response!, "Content-Security-Policy");
  const directives = new Map(
    csp.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
  expect(directives.get("object-src")).toEqual(["'none'"]);
  expect(directives.get("base-uri")).toEqual(["'self'"]);
  const scriptSrc = directives.get("script-src") ?? [];
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  const nonce = scriptSrc.find((value) => value.startsWith("'nonce-"))?.slice("'nonce-".length, -1);
  expect(nonce, "script-src carries a nonce").toBeTruthy();
  expect(nonce!.length).toBeGreaterThanOrEqual(16);
  // Every script the server sent to run carries that nonce (browsers hide it from the DOM: read the HTML). A data block
  // (type="application/json": the page's Intl values, ADR 041) is never run, so CSP does not apply to it.
  const scriptTags = ((await response!.text()).match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes('type="application/json"'));
  expect(scriptTags.length).toBeGreaterThan(0);
  for (const tag of scriptTags) expect(tag).toContain(`nonce="${nonce}"`);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-powered-by"]).toBeUndefined();

  // A fresh nonce for every response.
  const again = await page.request.get("/");
  const otherNonce = /'nonce-([^']+)'/.exec(again.headers()["content-security-policy"] ?? "")?.[1];
  expect(otherNonce).toBeTruthy();
  expect(otherNonce).not.toBe(nonce);
  expect(await again.text()).toContain(`nonce="${otherNonce}"`);
});

test("session and language cookies are httpOnly and SameSite=Lax", async ({ page, context }) => {
  await signInAndOpen(page, "seller.new@example.com", "/landing-page");
  const cookies = await context.cookies(PORTAL_URL);
  const session = cookies.find((cookie) => cookie.name === "sp_session");
  expect(session, "sp_session").toBeDefined();
  expect(session!.httpOnly).toBe(true);
  expect(session!.sameSite).toBe("Lax");
  // No token in the HTML the browser got.
  const html = await page.content();
  expect(html).not.toMatch(/access_?token|refresh_?token|id_?token/i);
});

test("/healthz and /readyz answer 200 JSON", async ({ page, request }) => {
  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  expect(health.headers()["content-type"]).toContain("application/json");
  expect(await health.json()).toEqual({ status: "ok" });

  // A new seller's page calls the user profile and the onboarding service (no seller service yet: there is no seller):
  // /readyz then reports both as reached. (It passed in the whole suite only because earlier tests on the worker had
  // called the seller service; alone it failed.)
  await signInAndOpen(page, "seller.new@example.com", "/landing-page");
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(ready.headers()["content-type"]).toContain("application/json");
  const readiness = (await ready.json()) as { status: string; upstreams: Record<string, { reachable: boolean }> };
  expect(readiness.status).toBe("ready");
  expect(Object.keys(readiness.upstreams)).toEqual(expect.arrayContaining(["onboarding", "user-profile"]));
  for (const [name, state] of Object.entries(readiness.upstreams)) expect(state.reachable, name).toBe(true);
});

/** A GET with the path sent exactly as given (Playwright and fetch normalise "\" to "/"). */
function rawGet(path: string): Promise<{ status: number; location: string }> {
  const { hostname, port } = new URL(PORTAL_URL);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method: "GET" }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: String(res.headers.location ?? "") });
    });
    req.on("error", reject);
    req.end();
  });
}
