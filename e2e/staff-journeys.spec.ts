import { expect, test, type Page } from "@playwright/test";
import { signIn, signInAndOpen, signOut } from "./support/auth";
import { isPortalPath, resetSandbox } from "./support/sandbox";
import { expectMappingOf } from "./support/catalogue-upload";

const SAMPLE = new URL("../sandbox/samples/catalogue-sample.csv", import.meta.url);

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

/** The names of the tasks on the seller's task list that are not complete. */
async function sellerMissingTasks(page: Page): Promise<string[]> {
  const names: string[] = [];
  for (const item of await page.locator(".task-list__item").all()) {
    if ((await item.locator(".status-tag").textContent()) !== "Complete") names.push((await item.getByRole("link").textContent()) ?? "");
  }
  return names;
}

test("a success manager opens a seller from the list, sees what is missing as the seller does, acts as the seller, and signing out ends it", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, "success@example.com", { expectPath: "/seller-list" });
  await page.getByRole("table").getByRole("link", { name: "Rheinauen Textil GmbH" }).click();
  await page.waitForURL(isPortalPath("/sellers/seller-onboarding-ftp"));
  await expect(page.getByRole("heading", { level: 1, name: "Rheinauen Textil GmbH" })).toBeVisible();
  await expect(page.getByText("1 of 11 tasks complete")).toBeVisible();
  const missing = page.getByRole("list", { name: "10 requirements are missing" }).locator("li strong");
  const staffSees = await missing.allTextContents();
  expect(staffSees).toHaveLength(10);

  await page.getByRole("button", { name: "Act as Rheinauen Textil GmbH" }).click();
  await page.waitForURL(isPortalPath("/overview"));
  await expect(page.getByRole("region", { name: "Acting as a seller" })).toContainText("You are acting as seller Rheinauen Textil GmbH");
  await expect(page.getByText("1 of 11 tasks complete")).toBeVisible();
  expect(await sellerMissingTasks(page)).toEqual(staffSees);

  // Signing out while acting as the seller ends it: signed in again, the success manager is themselves.
  await signOut(page);
  await signIn(page, "success@example.com", { expectPath: "/seller-list" });
  await expect(page.getByRole("region", { name: "Acting as a seller" })).toHaveCount(0);
  await expect(page.getByRole("banner")).toContainText("Seller success manager");
});

test("the catalogue team returns a catalogue with reasons; the seller changes it and hands over again; the team finishes the mapping after confirming", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAndOpen(page, "tom@example.com", "/product-catalogue-integration?sellerId=seller-submitted");
  await page.getByLabel("What must the seller change?").fill("The prices are missing in every row.");
  await page.getByLabel("What must change in sonnenhof-artikel.csv? (optional)").fill("Add a column with the gross price.");
  await page.getByRole("button", { name: "Return to the seller" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The catalogue went back to Sonnenhof Gartenbedarf GmbH" })).toBeVisible();
  await expect(page.getByRole("table").getByRole("row", { name: /Sonnenhof/ })).toContainText("Returned to the seller");
  await page.goto("/product-catalogue-integration");
  await signOut(page);

  // The seller reads why on the task list and the catalogue page, adds a corrected file and hands over again.
  await signIn(page, "seller.submitted@example.com", { expectPath: "/overview" });
  const notice = page.getByRole("region", { name: "Your catalogue came back from the marketplace" });
  await expect(notice).toContainText("The prices are missing in every row.");
  await expect(notice).toContainText("sonnenhof-artikel.csv: Add a column with the gross price.");
  await notice.getByRole("link", { name: "Change the catalogue" }).click();
  await page.waitForURL(isPortalPath("/upload/catalog"));
  await expect(page.getByRole("region", { name: "Your catalogue came back from the marketplace" })).toBeVisible();
  await page.getByLabel("Catalogue file", { exact: true }).setInputFiles(SAMPLE.pathname);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/upload/catalog" && url.searchParams.has("fileId"));
  await expectMappingOf(page, "catalogue-sample.csv");
  await page.getByRole("button", { name: "Save mapping" }).click();
  await expect(page.getByRole("row", { name: /catalogue-sample\.csv/ }).getByRole("cell", { name: "mapped", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Check your answers and hand over" }).click();
  await page.waitForURL(isPortalPath("/overview/review"));
  // The returned file's products that still need a fix are left out, as the seller chooses, and confirmed.
  await page.locator("#review-unfixed-leaveOut").check();
  await page.getByRole("button", { name: "Hand over shop and catalogue" }).click();
  await page.locator('section.review__confirm input[name="confirm"] ~ button[type=submit]').click();
  await page.waitForURL(isPortalPath("/overview/complete"));
  await page.goto("/upload/catalog");
  await expect(page.getByText("The upload forms are read-only from now on.")).toBeVisible();
  await signOut(page);

  // The team sees it waiting again, asks to finish, confirms, and is told what happened.
  await signInAndOpen(page, "tom@example.com", "/product-catalogue-integration?sellerId=seller-submitted");
  await expect(page.getByText("Handed over again")).toBeVisible();
  await page.getByRole("link", { name: "Finish mapping" }).click();
  await expect(page.getByRole("heading", { name: "Finish the mapping of Sonnenhof Gartenbedarf GmbH?" })).toBeVisible();
  await page.getByRole("button", { name: "Yes, finish the mapping" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The mapping of Sonnenhof Gartenbedarf GmbH is finished" })).toContainText(
    "The seller's state is now “Mapping finished”",
  );
});
