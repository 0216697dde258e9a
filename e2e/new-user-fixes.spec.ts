/**
 * What a new user met, each flow once per project (JavaScript on and off):
 * my company's bank change fills the BIC from the IBAN, an invitation to an
 * address that has an account is refused (said while typing with
 * JavaScript), and "Clear filters" on the seller list clears every filter.
 */
import { expect, test } from "@playwright/test";
import { jsEnabled, signIn, signInAndOpen } from "./support/auth";
import { resetSandbox } from "./support/sandbox";

// Each test signs in through the provider first: more than one page's time.
test.describe.configure({ timeout: 90_000 });

test.afterAll(async ({ request }) => {
  await resetSandbox(request);
});

test("my company's bank change takes a German IBAN without a hand-typed BIC", async ({ page }, testInfo) => {
  await signInAndOpen(page, "seller.active@example.com", "/home/my-company/bank-account/change");
  await page.getByRole("textbox", { name: "IBAN" }).fill("DE89 3704 0044 0532 0130 00");
  if (jsEnabled(testInfo)) {
    // Named and filled in as it is typed, through the one lookup every IBAN field asks.
    await expect(page.getByText("Commerzbank", { exact: false })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "BIC" })).toHaveValue("COBADEFFXXX");
  }
  await page.getByRole("button", { name: "Continue to review" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/home/my-company/changes/"));
  await expect(page.locator(".change-summary__after").getByText("COBADEFFXXX", { exact: true })).toBeVisible();
});

test("an invitation to an address that has an account is refused with one message", async ({ page }, testInfo) => {
  const message = "An account with this e-mail address exists already: an invitation's registration link cannot be used with it.";
  await signIn(page, "bd@example.com", { expectPath: "/invite-seller" });
  await page.getByLabel("Company name").fill(`Dünenhof ${testInfo.project.name} GmbH`);
  await page.getByLabel("CRM id").fill(`CRM-${Date.now()}`);
  await page.getByLabel("Channel").selectOption("DIRECT");
  await page.getByLabel("Name", { exact: true }).fill("Jana Dünen");
  await page.getByLabel("E-mail address").fill("seller.new@example.com");
  await page.getByLabel("Language").selectOption("de");
  if (jsEnabled(testInfo)) await expect(page.locator("#invite-seller-contactEmail-live")).toHaveText(message);
  await page.getByRole("button", { name: "Invite seller" }).click();
  await expect(page.locator(".error-summary").getByRole("link", { name: `E-mail address: ${message}` })).toBeVisible();
  await expect(page.getByLabel("E-mail address")).toHaveValue("seller.new@example.com");
});

test("clear filters leaves no filter behind for the next search", async ({ page }) => {
  await signIn(page, "success@example.com", { expectPath: "/seller-list" });
  await page.goto("/seller-list?search=bergblick&state=ONBOARDING&channel=AGENCY&sort=-created&stuck=true");
  const search = page.getByRole("search");
  await expect(search.getByLabel("State")).toHaveValue("ONBOARDING");
  await search.getByRole("link", { name: "Clear filters" }).click();
  await page.waitForURL((url) => url.pathname === "/seller-list" && url.search === "");
  await expect(search.getByLabel("Search")).toHaveValue("");
  await expect(search.getByLabel("State")).toHaveValue("");
  await expect(search.getByLabel("Channel")).toHaveValue("");
  await expect(search.getByLabel("Sort by")).toHaveValue("name");
  await expect(search.getByLabel("Only sellers stuck for more than 14 days")).not.toBeChecked();
  await search.getByRole("button", { name: "Show sellers" }).click();
  await page.waitForURL((url) => url.pathname === "/seller-list" && url.searchParams.get("sort") === "name");
  for (const name of ["state", "channel", "stuck"]) expect(new URL(page.url()).searchParams.get(name) ?? "").toBe("");
});
