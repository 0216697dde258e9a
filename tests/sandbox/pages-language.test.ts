/**
 * The identity provider's pages speak the portal's language (ui_locales, else
 * Accept-Language), show readable role names, and fit a phone; the sample
 * legal and help pages the portal's footer links to.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageLanguage } from "../../sandbox/oidc/texts.ts";
import { formAction, openSignIn, startTestSandbox, type TestSandbox } from "./helpers.ts";

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

describe("pageLanguage", () => {
  it("takes the first supported ui_locales entry, then Accept-Language by preference, then English", () => {
    expect(pageLanguage("de", "en")).toBe("de");
    expect(pageLanguage("fr de-DE", undefined)).toBe("de");
    expect(pageLanguage("fr", "fr-FR, de;q=0.8, en;q=0.5")).toBe("de");
    expect(pageLanguage(undefined, "en;q=0.3, de-AT;q=0.9")).toBe("de");
    expect(pageLanguage(undefined, "de;q=0, en")).toBe("en");
    expect(pageLanguage(undefined, "fr")).toBe("en");
    expect(pageLanguage(["de"], undefined)).toBe("en");
  });
});

describe("sign-in page", () => {
  it("is German for ui_locales=de, with readable role names and no raw role codes", async () => {
    const { html } = await openSignIn(sandbox, { ui_locales: "de" });
    expect(html).toMatch(/<html lang="de">/);
    expect(html).toContain("<h1>Beim Seller Portal anmelden</h1>");
    expect(html).toContain('<label for="password">Passwort</label>');
    expect(html).toContain("Händlerkonto (Lesezugriff)");
    expect(html).toContain("Marktplatz-Team");
    expect(html).not.toMatch(/>(SELLER_ADMINISTRATOR|SELLER_VIEWER_EXTERNAL|OPERATOR_OTHER|TOM_TEAM_MEMBER)</);
  });

  it("follows Accept-Language when the request names no ui_locales", async () => {
    const flow = await openSignIn(sandbox);
    const german = await flow.jar.fetch(flow.interactionUrl, { headers: { "accept-language": "fr-FR, de;q=0.9, en;q=0.5" } });
    const html = await german.text();
    expect(html).toMatch(/<html lang="de">/);
    expect(html).toContain("<h1>Beim Seller Portal anmelden</h1>");
  });

  it("is English with English role names by default", async () => {
    const { html } = await openSignIn(sandbox);
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toContain("Seller (read-only)");
    expect(html).toContain("Catalogue import team");
  });

  it("answers a wrong password in the page's language", async () => {
    const flow = await openSignIn(sandbox, { ui_locales: "de" });
    const response = await flow.jar.fetch(formAction(flow.html, sandbox.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "viewer@example.com", password: "wrong" }).toString(),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("E-Mail-Adresse oder Passwort sind falsch.");
  });
});

describe("registration page", () => {
  it("is German for ui_locales=de and preselects German as the account's language", async () => {
    const { html } = await openSignIn(sandbox, { ui_locales: "de", view_type: "register" });
    expect(html).toContain("<h1>Händlerkonto registrieren</h1>");
    expect(html).toMatch(/<option value="de" lang="de" selected>Deutsch<\/option>/);
  });

  it("reports missing fields in German", async () => {
    const flow = await openSignIn(sandbox, { ui_locales: "de", view_type: "register" });
    const response = await flow.jar.fetch(formAction(flow.html, sandbox.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "nope", password: "", companyName: "", language: "de" }).toString(),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Bitte korrigieren Sie die markierten Felder.");
    expect(html).toContain("Geben Sie eine gültige E-Mail-Adresse ein.");
  });
});

describe("legal and help pages", () => {
  it.each([
    ["/legal/imprint", "Imprint", "Impressum"],
    ["/legal/privacy", "Privacy notice", "Datenschutzhinweise"],
    ["/help", "Help and contact", "Hilfe und Kontakt"],
  ])("%s is served in English and German", async (path, english, german) => {
    const en = await fetch(`${sandbox.url}${path}`);
    expect(en.status).toBe(200);
    expect(await en.text()).toContain(`<h1>${english}</h1>`);
    const de = await fetch(`${sandbox.url}${path}`, { headers: { "accept-language": "de" } });
    const html = await de.text();
    expect(html).toMatch(/<html lang="de">/);
    expect(html).toContain(`<h1>${german}</h1>`);
  });
});
