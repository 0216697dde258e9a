/**
 * A real outage in the middle of the shop setup, in a real browser, with
 * JavaScript on and off: the marketplace's services (the sandbox process)
 * stop while a seller fills in the identification step, so every connection
 * is refused. Nothing typed is lost: with JavaScript the form stays with its
 * values and chosen file and says it was not saved, and saving again once
 * the services are back goes on; without JavaScript the portal's own page
 * keeps the typed values, says the file must be chosen again, and "Send
 * again" sends them once the services are back. The spec runs a portal and
 * sandbox of its own on ports of its own (the sandbox is stopped and started
 * again), so it cannot disturb the other specs' shared sandbox.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { sandboxPortalEnv } from "../scripts/sandbox-env";
import { pdfBytes, validSteps } from "../tests/support/onboarding-fixtures";
import { testPorts } from "../tests/support/ports";
import { startPortal, waitForHttp, type RunningProcess } from "../tests/support/stack";
import { jsEnabled, submitProviderSignIn } from "./support/auth";

const ROOT = path.resolve(import.meta.dirname, "..");
const { portalPort, sandboxPort } = testPorts(3540, 4540);
const PORTAL = `http://localhost:${portalPort}`;
const SANDBOX = `http://127.0.0.1:${sandboxPort}`;
const STEP = "/shop-setup/identification";
const id = validSteps.identification;

let database: string;
let sandbox: ChildProcess | undefined;
let portal: { portalUrl: string; process: RunningProcess } | undefined;

/** The sandbox on its database: reset to the seed the first time, as it was when started again (the seller's session kept). */
async function startSandbox(reset: boolean): Promise<void> {
  const args = ["--port", String(sandboxPort), "--db", database, "--portal-url", PORTAL, "--quiet", ...(reset ? ["--reset"] : [])];
  sandbox = spawn(process.execPath, [path.join(ROOT, "sandbox/main.ts"), ...args], { cwd: ROOT, stdio: "ignore" });
  await waitForHttp(`${SANDBOX}/__sandbox/health`, 30_000);
}

/** Ends the sandbox process, as an outage does: from then on every connection to it is refused. */
async function stopSandbox(): Promise<void> {
  const child = sandbox;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
  await expect
    .poll(() =>
      fetch(`${SANDBOX}/__sandbox/health`).then(
        () => "listening",
        () => "refused",
      ),
    )
    .toBe("refused");
}

test.beforeAll(async () => {
  // Two processes to start on a machine that may be busy.
  test.setTimeout(120_000);
  // Its own ports: a portal left over there would answer in its place.
  expect(
    await fetch(`${PORTAL}/healthz`).then(
      () => "listening",
      () => "free",
    ),
    `port ${portalPort}`,
  ).toBe("free");
  database = path.join(mkdtempSync(path.join(tmpdir(), "seller-portal-outage-")), "sandbox.sqlite");
  await startSandbox(true);
  portal = await startPortal(sandboxPortalEnv(SANDBOX, PORTAL, "e2e-outage-session-secret-0123456789abcdef"), portalPort);
});

test.afterAll(async () => {
  await stopSandbox();
  await portal?.process.stop();
});

const pdf = { name: "ausweis.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdfBytes) };

async function fillIdentification(page: Page) {
  await page.getByLabel("First name").fill(id.firstName);
  await page.getByLabel("Last name").fill(id.lastName);
  await page.getByLabel("Date of birth").fill(id.dateOfBirth);
  await page.getByLabel("Type of document").selectOption(id.documentType);
  await page.getByLabel("Document number").fill(id.documentNumber);
  await page.getByLabel("Valid until").fill(id.expiryDate);
  await page.getByLabel("File").setInputFiles(pdf);
}

async function expectTypedValues(page: Page) {
  await expect(page.getByLabel("First name")).toHaveValue(id.firstName);
  await expect(page.getByLabel("Last name")).toHaveValue(id.lastName);
  await expect(page.getByLabel("Date of birth")).toHaveValue(id.dateOfBirth);
  await expect(page.getByLabel("Type of document")).toHaveValue(id.documentType);
  await expect(page.getByLabel("Document number")).toHaveValue(id.documentNumber);
  await expect(page.getByLabel("Valid until")).toHaveValue(id.expiryDate);
}

test("the services stop mid-setup: nothing typed is lost, and saving again once they are back goes on", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  // Each project (JavaScript on, off) starts from the seed, its sandbox back.
  await stopSandbox();
  await startSandbox(true);
  await page.goto(`${PORTAL}${STEP}`);
  await submitProviderSignIn(page, "seller.new@example.com");
  await page.waitForURL(`${PORTAL}${STEP}`);
  // With JavaScript, the form is enhanced once the page's scripts have run: saved by the router, not as a plain post.
  if (jsEnabled(testInfo)) await page.waitForLoadState("networkidle");
  await fillIdentification(page);

  await stopSandbox();
  await page.getByRole("button", { name: "Save and continue", exact: true }).click();

  if (jsEnabled(testInfo)) {
    // The form stays where it is, every value and the chosen file in it, and says it was not saved.
    const notice = page.getByRole("alert").filter({ hasText: "Not saved" });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("The marketplace services cannot be reached right now.");
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe(STEP);
    await expectTypedValues(page);
    expect(await page.getByLabel("File").evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe("ausweis.pdf");

    await startSandbox(false);
    await page.getByRole("button", { name: "Save and continue", exact: true }).click();
    await expectSaved(page);
    return;
  }

  // The portal's own page: the header with sign-out, the explanation, what was typed kept to be sent again.
  await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
  await expect(page.getByText("The marketplace services cannot be reached right now.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Nothing was saved, and nothing you entered is lost" })).toBeVisible();
  await expect(page.getByText("The file you chose cannot be kept by the browser: choose it again on the form after sending.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.locator('input[type="hidden"][name="documentNumber"]')).toHaveValue(id.documentNumber);
  await expect(page.locator('input[type="hidden"][name="firstName"]')).toHaveValue(id.firstName);

  await startSandbox(false);
  await page.getByRole("button", { name: "Send again" }).click();
  // Sent again without the file: the step asks for it, every typed value in its form.
  await page.waitForURL(`${PORTAL}${STEP}`);
  await expect(page.getByText("Choose a file").first()).toBeVisible();
  await expectTypedValues(page);
  await page.getByLabel("File").setInputFiles(pdf);
  await page.getByRole("button", { name: "Save and continue", exact: true }).click();
  await expectSaved(page);
});

/** Saved: on to the next open step of the setup, saying so. */
async function expectSaved(page: Page) {
  await page.waitForURL((url) => url.pathname !== STEP);
  await expect(page.getByText("Saved.").first()).toBeVisible();
}

test("an upload while the services are down says so, translated, with nothing to correct", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "the enhanced upload's message; without JavaScript the post gets the outage page above");
  test.setTimeout(90_000);
  await stopSandbox();
  await startSandbox(true);
  await page.goto(`${PORTAL}/upload/settings`);
  await submitProviderSignIn(page, "seller.catalogue@example.com");
  await page.waitForURL(`${PORTAL}/upload/settings`);
  await page.getByLabel("File upload in the portal").check();
  await page.getByRole("button", { name: "Save and continue" }).click();
  await page.waitForURL((url) => url.pathname === "/upload/catalog");
  await page.waitForLoadState("networkidle");
  await page
    .getByLabel("Catalogue file", { exact: true })
    .setInputFiles({ name: "katalog.csv", mimeType: "text/csv", buffer: Buffer.from("EAN;Titel\n4006381333931;Lampe\n") });

  await stopSandbox();
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  const summary = page.getByRole("alert").filter({ hasText: "The file was not uploaded" });
  await expect(summary).toBeVisible();
  await expect(summary).toContainText("the marketplace services cannot be reached right now. Nothing was saved");
  await expect(page.getByText("Please correct the following")).toHaveCount(0);
  await expect(page.getByText("unreachable", { exact: true })).toHaveCount(0);
});
