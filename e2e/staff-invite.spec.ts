import { expect, test } from "@playwright/test";
import { jsEnabled, signIn, signOut } from "./support/auth";
import { isPortalPath, isProviderUrl, resetSandbox, upstreamUser } from "./support/sandbox";
import { upstreamSellers } from "./support/staff";

test.beforeAll(async ({ request }) => {
  await resetSandbox(request);
});

test("a business developer invites a seller (duplicates refused, input kept); the invited person registers and lands in that seller", async ({
  page,
  request,
}, testInfo) => {
  const run = `${testInfo.project.name}-${Date.now()}`;
  const company = `Ostsee Strandkörbe ${run} GmbH`;
  const crmId = `CRM-${Date.now()}`;
  const email = `invited.${run}@example.com`;

  await signIn(page, "bd@example.com", { expectPath: "/invite-seller" });
  await page.getByLabel("Company name").fill("Nordlicht Living GmbH");
  await page.getByLabel("CRM id").fill("CRM-100002");
  if (jsEnabled(testInfo)) {
    // Checked while typing, through the portal.
    await expect(page.locator("#invite-seller-crmId-live")).toHaveText("A seller with this CRM id exists already.");
  }
  await page.getByLabel("Channel").selectOption("DIRECT");
  await page.getByLabel("Name", { exact: true }).fill("Ole Hansen");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Phone (optional)").fill("+49 431 123456");
  await page.getByLabel("Language").selectOption("de");
  await page.getByRole("button", { name: "Invite seller" }).click();

  const summary = page.locator(".error-summary");
  await expect(summary.getByRole("link", { name: "Company name: A seller with this company name exists already." })).toBeVisible();
  await expect(summary.getByRole("link", { name: "CRM id: A seller with this CRM id exists already." })).toBeVisible();
  await expect(page.getByLabel("Company name")).toHaveValue("Nordlicht Living GmbH");
  await expect(page.getByLabel("CRM id")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("E-mail address")).toHaveValue(email);
  await expect(page.getByLabel("Language")).toHaveValue("de");

  await page.getByLabel("Company name").fill(company);
  await page.getByLabel("CRM id").fill(crmId);
  await page.getByRole("button", { name: "Invite seller" }).click();
  await expect(
    page
      .locator("[role=status], [role=alert]")
      .filter({ hasText: `${company} was invited.` })
      .first(),
  ).toBeVisible();
  const [invited] = await upstreamSellers(request, crmId);
  expect(invited).toMatchObject({ name: company, state: "REGISTERED" });

  // A fresh page first: without JavaScript the success toast stays, over the header.
  await page.goto("/invite-seller");
  await signOut(page, testInfo);
  await page.getByRole("link", { name: "Register as a seller" }).click();
  await page.waitForURL(isProviderUrl);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill("secret-1");
  await page.getByLabel("Company name").fill("Irgendein Name GmbH");
  await page.getByLabel("Language").selectOption("de");
  await page.getByRole("button", { name: "Create account" }).click();

  // A REGISTERED seller's administrator starts on /overview (built by the onboarding work).
  await page.waitForURL(isPortalPath("/overview"));
  const user = (await upstreamUser(request, email)) as unknown as { sellerId: string; role: string };
  expect(user).toMatchObject({ role: "SELLER_ADMINISTRATOR", sellerId: invited!.onboardingSellerId });
});
