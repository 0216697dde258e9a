/**
 * Toasts are text (docs/product.md §5): a company name holding markup, put
 * into a toast's message, and a service's error message that echoes markup,
 * reach the page as the characters they are, never as a live element.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PORTAL } from "./ports";
import { clearFaultsAndCounters, injectFault } from "./sandbox-control";
import { as, resetSandbox, seededEdit } from "./staff-support";

const LINK = '<a href="https://evil.example/">Anmelden</a>';

beforeAll(resetSandbox);
afterEach(clearFaultsAndCounters);
afterAll(resetSandbox);

/** The server-rendered toast of a page: the live region's HTML. */
function toastHtml(page: string): string {
  const start = page.indexOf('class="Toastify toaster-static"');
  expect(start).toBeGreaterThan(-1);
  return page.slice(start, start + 4000);
}

describe("toast texts", () => {
  it("shows a company name holding a link as text in the administrator's toast", async () => {
    const admin = await as("OPERATOR_ADMINISTRATOR");
    const name = `Acme ${LINK} GmbH`;
    const saved = await admin.post(`${PORTAL}/seller-administration?edit=seller-onboarding-feed`, { ...seededEdit, name });
    expect(saved.status).toBe(302);
    const page = await (await admin.get(new URL(saved.headers.get("location")!, PORTAL).toString())).text();
    expect(page).not.toContain('href="https://evil.example/"');
    expect(toastHtml(page)).toContain("Acme &lt;a href=&quot;https://evil.example/&quot;&gt;Anmelden&lt;/a&gt; GmbH");
  });

  it("shows a service's message that echoes markup as text", async () => {
    const admin = await as("OPERATOR_ADMINISTRATOR");
    await injectFault({ pattern: "/onboarding/api-external/sellers", method: "PUT", status: 500, body: { message: `Name ${LINK} is not allowed` } });
    const failed = await admin.post(`${PORTAL}/seller-administration?edit=seller-onboarding-feed`, seededEdit);
    expect(failed.status).toBe(502);
    const page = await failed.text();
    expect(page).not.toContain('href="https://evil.example/"');
    expect(toastHtml(page)).toContain("Name &lt;a href=&quot;https://evil.example/&quot;&gt;Anmelden&lt;/a&gt; is not allowed");
  });
});
