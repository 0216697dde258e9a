import { expect, test } from "@playwright/test";
import { jsEnabled, signIn, signInAndOpen, signOut } from "./support/auth";
import { isPortalPath, isProviderUrl, resetSandbox, upstreamUser } from "./support/sandbox";
import { upstreamSellers } from "./support/staff";

test.beforeAll(async ({ request }) => {
  await resetSandbox(request);
});

test("a business developer invites a seller (duplicates refused, input kept), sees the confirmation, and finds the invitation registered once the person registers", async ({
  page,
  request,
}, testInfo) => {
  // Two people, three sign-ins: longer than one page.
  test.setTimeout(60_000);
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
  // The confirmation is a page: who, which address, the link to register with.
  await expect(page.getByRole("heading", { level: 1, name: `Invitation sent: ${company}` })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Registration link" })).toHaveValue(/\/register$/);
  const [invited] = await upstreamSellers(request, crmId);
  expect(invited).toMatchObject({ name: company, state: "REGISTERED" });
  await page.getByRole("link", { name: "My invitations" }).click();
  await expect(page.getByRole("row", { name: new RegExp(company) })).toContainText("Not registered yet");
  await signOut(page, testInfo);
  await page.getByRole("link", { name: "Register as a seller" }).click();
  await page.waitForURL(isProviderUrl);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill("secret-1");
  await page.getByLabel("Company name").fill("Irgendein Name GmbH");
  await page.getByLabel("Language").selectOption("de");
  await page.getByRole("button", { name: "Create account" }).click();

  // A REGISTERED seller's new administrator has no second factor yet: the portal's enrolment page comes first (issue 36).
  await page.waitForURL(isPortalPath("/security/second-factor"));
  const user = (await upstreamUser(request, email)) as unknown as { sellerId: string; role: string };
  expect(user).toMatchObject({ role: "SELLER_ADMINISTRATOR", sellerId: invited!.onboardingSellerId });

  // Back as the business developer: the invitation shows as registered (the list's filter is in the URL).
  // The new administrator chose German: the header speaks it.
  await page.getByRole("banner").getByRole("button", { name: "Abmelden" }).click();
  await page.waitForURL(isPortalPath("/"));
  await signInAndOpen(page, "bd@example.com", "/invitations?status=REGISTERED");
  const row = page.getByRole("row", { name: new RegExp(company) });
  await expect(row).toContainText("Registered");
  await expect(row).not.toContainText("Not registered yet");
});
