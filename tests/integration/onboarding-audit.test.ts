/**
 * A save that fails upstream with a 500 and, on the next try, with the
 * service's validation list keeps every typed value both times and shows the
 * error toast with the service's facts (message, error code, reference, the
 * errors list on the fields: docs/product.md §6).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { validSteps } from "../support/onboarding-fixtures";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";

const WAREHOUSE_PUT = "/onboarding/me/seller/onboarding/steps/warehouse";
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

async function resetSandbox() {
  expect((await fetch(`${SANDBOX}/__sandbox/reset`, { method: "POST" })).status).toBe(200);
}

async function html(response: Response) {
  return (await response.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every text the seller typed into the warehouse form is in the page again, in its field. */
function expectEveryValueKept(page: string) {
  for (const [name, value] of Object.entries(validSteps.warehouse)) {
    if (name === "returnsToFirstWarehouse") continue;
    const [field, typed] = [escape(name), escape(value)];
    const pattern = name.endsWith(".country")
      ? new RegExp(`<option[^>]*value="${typed}"[^>]*selected|<option[^>]*selected[^>]*value="${typed}"`)
      : new RegExp(`name="${field}"[^>]*value="${typed}"|value="${typed}"[^>]*name="${field}"`);
    expect(page, name).toMatch(pattern);
  }
}

beforeAll(resetSandbox);
afterAll(resetSandbox);
beforeEach(clearFaultsAndCounters);

describe("a save failing upstream: a 500, then the service's validation list", () => {
  it("keeps every typed value both times and shows the error toast with the service's facts", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "seller.new@example.com");
    await injectFault({ pattern: WAREHOUSE_PUT, method: "PUT", status: 500, times: 1 });
    await injectFault({
      pattern: WAREHOUSE_PUT,
      method: "PUT",
      status: 400,
      times: 1,
      body: {
        message: "The step has invalid values",
        errorCode: "VALIDATION_ERROR",
        errors: [{ fieldName: "warehouses.0.postcode", errorMessage: "Postcode unknown to the carrier" }],
      },
    });

    const failed = await browser.post(`${PORTAL}/shop-setup/warehouse`, { intent: "continue", ...validSteps.warehouse });
    expect(failed.status).toBe(502);
    const first = await html(failed);
    expectEveryValueKept(first);
    expect(first).toContain("Injected fault");
    expect(first).toContain("INJECTED_FAULT");
    expect(first).toMatch(UUID);

    const refused = await browser.post(`${PORTAL}/shop-setup/warehouse`, { intent: "continue", ...validSteps.warehouse });
    expect(refused.status).toBe(400);
    const second = await html(refused);
    expectEveryValueKept(second);
    expect(second).toContain("The step has invalid values");
    expect(second).toContain("VALIDATION_ERROR");
    expect(second).toMatch(UUID);
    // The list's entry on the field it names, and in the error summary linking to it.
    expect(second).toContain('id="step-warehouse-warehouses[0].postcode-error"');
    expect(second).toContain("Postcode unknown to the carrier");

    expect(await requestCount(WAREHOUSE_PUT, "PUT")).toBe(2);
  });
});
